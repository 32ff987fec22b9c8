// EPaper: work in progress
