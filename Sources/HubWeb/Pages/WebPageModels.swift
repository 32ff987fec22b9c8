/// One choice of a settings menu.
struct MenuOption: Sendable {
    var value: String
    var label: String
    var selected: Bool

    init(_ value: String, _ label: String, _ selected: Bool) {
        self.value = value
        self.label = label
        self.selected = selected
    }
}

/// A line of the difference between the configuration file a form showed and the file now.
struct DifferenceLine: Sendable {
    var sign: String
    var line: Int
    var text: String
}

/// The lines of the configuration file that changed since a form was opened; a page shows them above its
/// forms (the `fileChanged` partial) when a save was refused for them.
struct FileDifference: Sendable {
    var lines: [DifferenceLine]

    /// `nil` without lines: nothing to show.
    init?(_ lines: [DifferenceLine]) {
        guard !lines.isEmpty else { return nil }
        self.lines = lines
    }
}

/// What every page's header and notices show.
struct PageChrome: Sendable {
    var signedIn: Bool
    /// The session's CSRF token, for the forms; empty without a session.
    var csrf: String
    var notice: String?
    var problem: String?
    var onSignIn = false
    var onWeather = false
    var onPassword = false
    var onDisplays = false
    var onPanel = false
    var onSensors = false
    /// Whether the hub has networked displays: the header then leads to their page.
    var hasDisplays = false
    /// Whether the Panel page is served.
    var hasPanel = false
    /// Whether the Sensors page is served (the hub has a sensor intake).
    var hasSensors = false
}

/// The sign-in page.
struct SignInPage: Sendable {
    let title = "Sign in"
    var chrome: PageChrome
    var passwordIsSet: Bool
    /// The settings page to show after sign-in (checked against `WebPath` when used).
    var next: String
}

/// The Weather page: the city shown, the search form and, for an ambiguous name, its candidates; the
/// OpenWeatherMap key's state and a write-only form for a new one.
struct WeatherPage: Sendable {
    struct Candidate: Sendable {
        var label: String
        var detail: String
        var pick: Int
    }

    /// Whether a key is set and where from; never the key.
    struct KeySection: Sendable {
        var status: String
        var note: String?
    }

    /// The settings kept in the configuration file, as a form based on one version of the file.
    struct Settings: Sendable {
        struct Menus: Sendable {
            var sources: [MenuOption]
            var fallbacks: [MenuOption]
            var units: [MenuOption]
            var languages: [MenuOption]
            var clocks: [MenuOption]
        }

        /// The version of the file the form shows.
        var version: String
        var menus: Menus
    }

    let title = "Weather"
    var chrome: PageChrome
    var city: String
    var cityIsDefault: Bool
    var provider: String
    var panelImage: String?
    var key: KeySection?
    var settings: Settings?
    /// The preview of the settings form's values, when one was asked for.
    var previewImage: String?
    /// What changed in the file since the person's form was shown, after a refused save.
    /// The file's changes since the form was opened, when a save was refused for them.
    var changedFile: FileDifference?
    /// The form's values, kept after a refusal.
    var name = ""
    var country = ""
    var candidates: [Candidate] = [] {
        didSet { hasCandidates = !candidates.isEmpty }
    }
    /// Stored, not computed: templates see stored properties only.
    private(set) var hasCandidates = false
}

/// The password change page.
struct PasswordPage: Sendable {
    let title = "Password"
    var chrome: PageChrome
    let minimumLength: Int
}

/// One widget of a form that places a screen's widgets one by one (`WidgetsForm`).
struct WidgetRow: Sendable {
    /// Makes the fields' ids unique on a page with several such forms: "" or "den-".
    var idPrefix: String
    /// The row's place in the form: its fields' suffix.
    var index: Int
    /// Its place in the layout, from 1.
    var number: Int
    /// The empty row that adds a widget.
    var isNew: Bool
    var kinds: [MenuOption]
    var families: [MenuOption]
    var x: String
    var y: String
    var width: String
    var height: String
}

/// The Panel page: the model, rotation, shortest interval and quiet hours of the wired panel, a preview
/// of the whole panel with the form's values before they are saved, and the panel's frame now.
struct PanelPage: Sendable {
    struct Fields: Sendable {
        var models: [MenuOption]
        var rotations: [MenuOption]
        var layouts: [MenuOption]
        var minimumInterval: String
        var quietHours: String
    }

    let title = "Panel"
    var chrome: PageChrome
    /// The version of the file the form is based on.
    var version: String
    /// `nil` with `panel: none`: the hub has no wired panel.
    var fields: Fields?
    /// The widgets one by one; empty with `panel: none`.
    var widgets: [WidgetRow] = []
    /// The panel's size after rotation, which the regions are measured in: "400×300".
    var frameSize = ""
    var panelImage: String?
    /// The preview of the form's values, when one was asked for.
    var previewImage: String?
    /// The file's changes since the form was opened, when a save was refused for them.
    var changedFile: FileDifference?
}

/// The Sensors page: every sensor the hub has heard, each with a form for its name and role.
struct SensorsPage: Sendable {
    struct Sensor: Sendable {
        /// The identity as `weatherctl sensors` lists it (text from outside: escaped like all values).
        var identity: String
        /// The configured name; empty when the sensor goes by its identity.
        var name: String
        var shownName: String
        var ecosystem: String
        var values: String
        var seen: String
        var roles: [MenuOption]
        var hidden: Bool
        /// Its last 24 hours as the hub draws them; `nil` without a chart.
        var chart: Chart?
    }

    /// A sensor's chart: the `<svg>` markup (made by `SensorChartSVG`, every outside text in it escaped)
    /// and its range in words.
    struct Chart: Sendable {
        var svg: String
        var range: String
    }

    /// The broker form's values (never its password).
    struct Broker: Sendable {
        var host: String
        var port: String
        var username: String
        var caFile: String
        var certificateFile: String
        var keyFile: String
        var homeAssistant: Bool
    }

    let title = "Sensors"
    var chrome: PageChrome
    var version: String
    var broker: Broker?
    var sensors: [Sensor] {
        didSet { hasSensors = !sensors.isEmpty }
    }
    private(set) var hasSensors = false
    /// Whether the hub listens to a broker or a socket feed at all.
    var hasIntake = true
    /// The file's changes since the form was opened, when a save was refused for them.
    var changedFile: FileDifference?

    init(chrome: PageChrome, version: String, sensors: [Sensor], broker: Broker? = nil) {
        self.chrome = chrome
        self.broker = broker
        self.version = version
        self.sensors = sensors
        hasSensors = !sensors.isEmpty
    }
}

/// The page after a saved setting while the service applies it: it asks for `link` again after a few
/// seconds (`refresh`, a `<meta>` refresh: the pages hold no script).
struct ApplyingPage: Sendable {
    let title = "Applying"
    var chrome: PageChrome
    var refresh: String
    var link: String
}

/// A request refused: why, and where to go.
struct RefusedPage: Sendable {
    var title: String
    var chrome: PageChrome
    var heading: String
    var message: String
    var link: String
    var linkText: String
}

/// The Displays page: devices waiting for approval, then each display with its approved devices.
struct DisplaysPage: Sendable {
    struct Display: Sendable {
        var id: String
        var summary: String
        var devices: [Device]
        var hasDevices: Bool
        /// Whether TRMNL devices are approved for it (an image display is fetched by its URL instead).
        var takesDevices: Bool
        /// Its settings' form, where the hub writes its configuration file.
        var fields: Fields?
        /// Its image's address with the token, only on the page that answers a person's asking for it.
        var address: String?
        /// The preview its posted settings draw, on the page that answers *Preview*.
        var previewImage: String?
        /// Its widgets one by one, where the hub writes its configuration file; open after a posted
        /// widgets form.
        var widgets: [WidgetRow] = []
        var widgetsOpen = false
        /// Its size after rotation, which the regions are measured in: "296×128".
        var frameSize = ""
    }

    /// A display's settings as a form (`DisplaySettingsForm`).
    struct Fields: Sendable {
        var id: String
        var kinds: [MenuOption]
        var width: String
        var height: String
        var depths: [MenuOption]
        var rotations: [MenuOption]
        var layouts: [MenuOption]
    }

    struct Device: Sendable {
        var mac: String
        var name: String
        var seen: String
        var battery: String
        var signal: String
        /// The device's newest log lines: text from the device, escaped like everything else.
        var log: [String]
        var hasLog: Bool
    }

    struct Waiting: Sendable {
        var mac: String
        var seen: String
    }

    let title = "Displays"
    var chrome: PageChrome
    var displays: [Display]
    var waiting: [Waiting]
    var hasWaiting: Bool
    /// The displays a TRMNL device can be approved for.
    var choices: [String]
    /// The version of the file the forms are based on.
    var version = ""
    /// The form that adds a display, where the hub writes its configuration file.
    var newDisplay: Fields?
    /// The preview a new display's posted settings draw.
    var newDisplayPreview: String?
    /// Whether the hub draws previews before saving.
    var canPreview = false
    /// The file's changes since the form was opened, when a save was refused for them.
    var changedFile: FileDifference?
}
