// InkWidgets: work in progress
