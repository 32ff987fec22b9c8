// HubControl: work in progress
