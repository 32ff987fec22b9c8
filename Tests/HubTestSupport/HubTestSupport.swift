// HubTestSupport
