// Sensors: work in progress
