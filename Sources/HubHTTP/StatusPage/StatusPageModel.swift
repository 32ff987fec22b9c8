public import InkWidgets
public import HubWeb

/// What the status page shows besides the networked displays: the wired panel and the hub's state as
/// labelled rows (weather provider, sensors), gathered by the service when the page is asked for.
public struct StatusPageModel: Sendable {
    /// The wired panel: whether it shows a frame yet (`/status/panel.png`) and its widgets' schedule.
    public struct Panel: Sendable {
        public var name: String
        public var showsFrame: Bool
        public var widgets: [WidgetStatus]

        public init(name: String, showsFrame: Bool, widgets: [WidgetStatus]) {
            self.name = name
            self.showsFrame = showsFrame
            self.widgets = widgets
        }
    }

    /// A titled list of label and value rows.
    public struct Section: Sendable {
        public var title: String
        public var rows: [(label: String, value: String)]

        public init(title: String, rows: [(label: String, value: String)]) {
            self.title = title
            self.rows = rows
        }
    }

    /// The page's heading: the hub and its city.
    public var title: String
    public var panel: Panel?
    public var sections: [Section]
    /// The sensors' last 24 hours; none without a sensor intake.
    public var sensorCharts: [SensorChart]

    public init(title: String, panel: Panel?, sections: [Section], sensorCharts: [SensorChart] = []) {
        self.title = title
        self.panel = panel
        self.sections = sections
        self.sensorCharts = sensorCharts
    }
}
