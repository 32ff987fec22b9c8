// HubConfig: work in progress
