/// The pages' Mustache templates. `{{value}}` escapes HTML, so a city or sensor name from outside shows
/// as text; the unescaped `{{{value}}}` is used only for the sensors' charts, SVG the hub draws with
/// every outside text in it escaped (`SensorChartSVG`). Every page extends `page`, which holds the
/// header, the navigation and the notices; every form carries the session's CSRF token.
enum WebTemplates {
    static let all: [String: String] = [
        "page": page, "sign-in": signIn, "weather": weather, "password": password, "displays": displays, "refused": refused,
        "applying": applying, "panel": panel, "sensors": sensors, "displayFields": displayFields, "fileChanged": fileChanged,
        "widgetRows": widgetRows, "displayPreview": displayPreview,
    ]

    static let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        {{#refresh}}<meta http-equiv="refresh" content="{{refresh}}">{{/refresh}}<title>{{title}} · WeatherHub</title><link rel="stylesheet" href="/web.css"></head>
        <body><header class="bar"><a class="brand" href="/">WeatherHub</a><nav aria-label="Main">
        {{#chrome.signedIn}}<a href="/settings/weather"{{#chrome.onWeather}} aria-current="page"{{/chrome.onWeather}}>Weather</a>\
        {{#chrome.hasPanel}}<a href="/settings/panel"{{#chrome.onPanel}} aria-current="page"{{/chrome.onPanel}}>Panel</a>{{/chrome.hasPanel}}\
        {{#chrome.hasSensors}}<a href="/settings/sensors"{{#chrome.onSensors}} aria-current="page"{{/chrome.onSensors}}>Sensors</a>{{/chrome.hasSensors}}\
        {{#chrome.hasDisplays}}<a href="/settings/displays"{{#chrome.onDisplays}} aria-current="page"{{/chrome.onDisplays}}>Displays</a>{{/chrome.hasDisplays}}\
        <a href="/settings/password"{{#chrome.onPassword}} aria-current="page"{{/chrome.onPassword}}>Password</a>\
        <form method="post" action="/sign-out"><input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <button type="submit" class="quiet">Sign out</button></form>{{/chrome.signedIn}}\
        {{^chrome.signedIn}}<a href="/">Status</a><a href="/sign-in"{{#chrome.onSignIn}} aria-current="page"{{/chrome.onSignIn}}>Sign in</a>{{/chrome.signedIn}}
        </nav></header>
        <main>{{#chrome.notice}}<p class="notice" role="status">{{chrome.notice}}</p>{{/chrome.notice}}\
        {{#chrome.problem}}<p class="problem" role="alert">{{chrome.problem}}</p>{{/chrome.problem}}
        {{$content}}{{/content}}
        </main></body></html>
        """

    static let signIn = """
        {{<page}}{{$content}}<section class="card narrow"><h1>Sign in</h1>
        {{#passwordIsSet}}<p>Sign in to change the hub's settings.</p>
        <form method="post" action="/sign-in"><input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <input type="hidden" name="next" value="{{next}}">
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
        <button type="submit">Sign in</button></form>{{/passwordIsSet}}
        {{^passwordIsSet}}<p>No password is set yet, so the hub's pages are read-only.</p>
        <p>On the hub, run <code>weatherctl web password</code> (as the service's user:
        <code>sudo -u weatherhub weatherctl web password</code>), then sign in here.</p>{{/passwordIsSet}}
        </section>{{/content}}{{/page}}
        """

    static let weather = """
        {{<page}}{{$content}}<section class="card"><h1>Weather</h1>
        <p>The weather widgets show <strong>{{city}}</strong>{{#cityIsDefault}} (the configuration's default){{/cityIsDefault}}.
        Places are looked up through {{provider}}.</p>
        {{#panelImage}}<figure class="frame"><img src="{{panelImage}}" alt="What the panel shows now"><figcaption>On the panel now</figcaption></figure>{{/panelImage}}
        </section>
        <section class="card"><h2>Change the city</h2>
        <form method="post" action="/settings/weather/city" class="fields"><input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <div><label for="city">City</label><input id="city" name="name" value="{{name}}" required maxlength="200" autocomplete="off" placeholder="e.g. Lyon"></div>
        <div class="short"><label for="country">Country <span class="hint">(optional)</span></label>\
        <input id="country" name="country" value="{{country}}" maxlength="2" autocomplete="off" placeholder="e.g. FR"></div>
        <button type="submit">Find and show</button></form>
        {{#hasCandidates}}<h3 id="candidates">Several places match “{{name}}”: pick one</h3>
        <ul class="candidates" aria-labelledby="candidates">{{#candidates}}<li><form method="post" action="/settings/weather/city">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="name" value="{{name}}">\
        <input type="hidden" name="country" value="{{country}}"><input type="hidden" name="pick" value="{{pick}}">\
        <button type="submit" class="choice"><span>{{label}}</span><small>{{detail}}</small></button></form></li>{{/candidates}}</ul>{{/hasCandidates}}
        </section>
        {{#settings}}<section class="card"><h2 id="shown">How the weather is shown</h2>
        {{>fileChanged}}
        <form method="post" action="/settings/weather/settings" class="settings" aria-labelledby="shown">        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">
        {{#menus}}<div><label for="source">Weather source</label><select id="source" name="source">        {{#sources}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/sources}}</select></div>
        <div><label for="fallback">When OpenWeatherMap fails</label><select id="fallback" name="fallback">        {{#fallbacks}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/fallbacks}}</select></div>
        <div><label for="units">Units</label><select id="units" name="units">        {{#units}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/units}}</select></div>
        <div><label for="language">Language</label><select id="language" name="language">        {{#languages}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/languages}}</select></div>
        <div><label for="clock">Clock</label><select id="clock" name="clock">        {{#clocks}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/clocks}}</select></div>{{/menus}}
        <div class="buttons">{{#chrome.hasPanel}}<button type="submit" name="action" value="preview" class="secondary">Preview</button>{{/chrome.hasPanel}}\
        <button type="submit" name="action" value="save">Save and apply</button></div></form>
        {{#previewImage}}<figure class="frame"><img src="{{previewImage}}" alt="The panel with these settings">\
        <figcaption>Preview: not saved yet</figcaption></figure>{{/previewImage}}
        <p class="hint">Saved in the hub's configuration file, which keeps your comments and its previous version beside it.</p>
        </section>{{/settings}}
        {{#key}}<section class="card"><h2>OpenWeatherMap key</h2><p>{{status}}</p>{{#note}}<p class="hint">{{note}}</p>{{/note}}
        <form method="post" action="/settings/weather/key" class="fields"><input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <div><label for="key">New key <span class="hint">never shown again</span></label>\
        <input id="key" name="key" type="password" autocomplete="off" spellcheck="false" required maxlength="128"></div>
        <button type="submit">Save the key</button></form>
        <p class="hint">Your keys are on OpenWeatherMap's “API keys” page (home.openweathermap.org/api_keys).</p></section>{{/key}}
        {{/content}}{{/page}}
        """

    static let password = """
        {{<page}}{{$content}}<section class="card narrow"><h1>Password</h1>
        <p>Changing the password signs out every other browser.</p>
        <form method="post" action="/settings/password"><input type="hidden" name="csrf" value="{{chrome.csrf}}">
        <label for="current">Current password</label>
        <input id="current" name="current" type="password" autocomplete="current-password" required>
        <label for="new">New password <span class="hint">at least {{minimumLength}} characters</span></label>
        <input id="new" name="new" type="password" autocomplete="new-password" required minlength="{{minimumLength}}">
        <label for="repeat">New password again</label>
        <input id="repeat" name="repeat" type="password" autocomplete="new-password" required minlength="{{minimumLength}}">
        <button type="submit">Change the password</button></form></section>{{/content}}{{/page}}
        """

    static let displays = """
        {{<page}}{{$content}}{{#changedFile}}<section class="card">{{>fileChanged}}</section>{{/changedFile}}\
        {{#hasWaiting}}<section class="card"><h1>Waiting for approval</h1>
        <p>These devices asked the hub for a key. Approve one for a display: it gets its key at its next call
        (within 15 minutes, or press its button).</p>
        <ul class="rows">{{#waiting}}<li><div><strong>{{mac}}</strong><small>seen {{seen}}</small></div>
        <form method="post" action="/settings/displays/approve" class="fields"><input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <input type="hidden" name="device" value="{{mac}}"><div><label for="display-{{mac}}">Display</label>\
        <select id="display-{{mac}}" name="display">{{#choices}}<option>{{.}}</option>{{/choices}}</select></div>\
        <button type="submit">Approve</button></form></li>{{/waiting}}</ul></section>{{/hasWaiting}}
        {{#displays}}<section class="card"><h2>{{id}}</h2><p class="hint">{{summary}}</p>
        {{#hasDevices}}<ul class="rows">{{#devices}}<li><div><strong>{{mac}}</strong><small>{{name}} · seen {{seen}} · battery {{battery}} · Wi-Fi {{signal}}</small>\
        {{#hasLog}}<pre class="log">{{#log}}{{.}}
        {{/log}}</pre>{{/hasLog}}</div>
        <form method="post" action="/settings/displays/remove"><input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <input type="hidden" name="device" value="{{mac}}"><button type="submit" class="danger" aria-label="Remove {{mac}}">Remove</button></form></li>{{/devices}}</ul>{{/hasDevices}}
        {{^hasDevices}}{{#takesDevices}}<p>No TRMNL device shows this display yet.</p>{{/takesDevices}}\
        {{^takesDevices}}{{#address}}<div class="settings"><div class="wide"><label for="address-{{id}}">Image address \
        <span class="hint">the token in it opens this image only: keep it out of public places</span></label>\
        <input id="address-{{id}}" value="{{address}}" readonly></div></div>{{/address}}{{^address}}\
        <form method="post" action="/settings/displays/address"><p>Devices fetch this display's image by its address with its token \
        (<code>weatherctl displays url {{id}}</code> prints it too). <input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <input type="hidden" name="display" value="{{id}}"><button type="submit" class="secondary">Show the image address</button></p></form>\
        {{/address}}{{/takesDevices}}{{/hasDevices}}
        {{#fields}}<form method="post" action="/settings/displays/save" class="settings" aria-label="Settings of {{id}}">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">\
        <input type="hidden" name="id" value="{{id}}">{{>displayFields}}
        <div class="buttons">{{#canPreview}}<button type="submit" name="action" value="preview" class="secondary">Preview</button>{{/canPreview}}\
        <button type="submit" name="action" value="save">Save and apply</button></div></form>
        {{^widgetsOpen}}{{>displayPreview}}{{/widgetsOpen}}
        <details{{#widgetsOpen}} open{{/widgetsOpen}}><summary>Widgets, one by one</summary>
        <p class="hint">Each widget's kind, family and region in pixels on the {{frameSize}} display (after rotation),
        from its top left corner. Regions must lie on the display without overlapping; the check says which does not.</p>
        <form method="post" action="/settings/displays/widgets" class="settings" aria-label="Widgets of {{id}}">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">\
        <input type="hidden" name="id" value="{{id}}">
        {{>widgetRows}}
        <div class="buttons">{{#canPreview}}<button type="submit" name="action" value="preview" class="secondary">Preview</button>{{/canPreview}}\
        <button type="submit" name="action" value="save">Save and apply</button></div></form>
        {{#widgetsOpen}}{{>displayPreview}}{{/widgetsOpen}}</details>
        <details><summary>Take this display out…</summary>
        <form method="post" action="/settings/displays/delete"><p><strong>{{id}}</strong> leaves the configuration file (the previous version \
        stays beside it){{#hasDevices}} and its devices get no more images{{/hasDevices}}.</p>\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <input type="hidden" name="version" value="{{version}}"><input type="hidden" name="id" value="{{id}}">\
        <button type="submit" class="danger" aria-label="Take the display {{id}} out">Take {{id}} out</button></form></details>{{/fields}}\
        </section>{{/displays}}
        {{#newDisplay}}<section class="card"><h2 id="add-display">Add a display</h2>
        <p class="hint">A TRMNL asks the hub for its key and is approved above; an image display is a PNG that ESPHome, a Kindle
        or a browser fetches with its token (<code>weatherctl displays url ID</code> prints the address).</p>
        <form method="post" action="/settings/displays/save" class="settings" aria-labelledby="add-display">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">\
        <input type="hidden" name="new" value="on">
        <div class="wide"><label for="new-id">Id <span class="hint">lowercase letters, digits, - and _</span></label>\
        <input id="new-id" name="id" value="{{id}}" required maxlength="32" autocomplete="off" placeholder="e.g. kitchen"></div>{{>displayFields}}
        <div class="buttons">{{#canPreview}}<button type="submit" name="action" value="preview" class="secondary">Preview</button>{{/canPreview}}\
        <button type="submit" name="action" value="save">Add and apply</button></div></form>
        {{#newDisplayPreview}}<figure class="frame"><img src="{{newDisplayPreview}}" alt="The new display as these values would show it">\
        <figcaption>Preview: not saved yet</figcaption></figure>{{/newDisplayPreview}}</section>{{/newDisplay}}{{/content}}{{/page}}
        """

    /// A display's preview, under the form that asked for it.
    static let displayPreview = """
        {{#previewImage}}<figure class="frame"><img src="{{previewImage}}" alt="The display {{id}} as these values would show it">\
        <figcaption>Preview: not saved yet</figcaption></figure>{{/previewImage}}
        """

    /// The file's lines changed since the page was opened, above the forms, which show the file as it is now.
    static let fileChanged = """
        {{#changedFile}}<p>The configuration file on the hub changed since this page was opened:</p>
        <pre class="difference" aria-label="What changed in the file">{{#lines}}{{sign}} {{line}}: {{text}}
        {{/lines}}</pre><p>The forms below show the file as it is now.</p>{{/changedFile}}
        """

    /// A display's settings inside its form; ids are the display's (`{{id}}`, empty for a new one).
    static let displayFields = """
        <div><label for="kind-{{id}}">Kind</label><select id="kind-{{id}}" name="kind">\
        {{#kinds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/kinds}}</select></div>
        <div><label for="width-{{id}}">Width</label><input id="width-{{id}}" name="width" value="{{width}}" required inputmode="numeric" maxlength="4" autocomplete="off"></div>
        <div><label for="height-{{id}}">Height</label><input id="height-{{id}}" name="height" value="{{height}}" required inputmode="numeric" maxlength="4" autocomplete="off"></div>
        <div><label for="depth-{{id}}">Depth</label><select id="depth-{{id}}" name="depth">\
        {{#depths}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/depths}}</select></div>
        <div><label for="rotation-{{id}}">Rotation <span class="hint">clockwise</span></label><select id="rotation-{{id}}" name="rotation">\
        {{#rotations}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/rotations}}</select></div>
        <div class="wide"><label for="layout-{{id}}">Layout</label><select id="layout-{{id}}" name="layout">\
        {{#layouts}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/layouts}}</select></div>
        """

    /// A screen's widgets as form rows (`WidgetRow`); ids carry the screen's prefix.
    static let widgetRows = """
        {{#widgets}}<fieldset class="wide widget"><legend>{{#isNew}}A new widget{{/isNew}}{{^isNew}}Widget {{number}}{{/isNew}}</legend>\
        <div class="pick"><label for="{{idPrefix}}kind.{{index}}">Kind</label><select id="{{idPrefix}}kind.{{index}}" name="kind.{{index}}">\
        {{#kinds}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/kinds}}</select></div>\
        <div class="pick"><label for="{{idPrefix}}family.{{index}}">Family</label><select id="{{idPrefix}}family.{{index}}" name="family.{{index}}">\
        {{#families}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/families}}</select></div>\
        <div class="short"><label for="{{idPrefix}}x.{{index}}">x</label><input id="{{idPrefix}}x.{{index}}" name="x.{{index}}" value="{{x}}" inputmode="numeric" maxlength="5" autocomplete="off"></div>\
        <div class="short"><label for="{{idPrefix}}y.{{index}}">y</label><input id="{{idPrefix}}y.{{index}}" name="y.{{index}}" value="{{y}}" inputmode="numeric" maxlength="5" autocomplete="off"></div>\
        <div class="short"><label for="{{idPrefix}}width.{{index}}">Width</label><input id="{{idPrefix}}width.{{index}}" name="width.{{index}}" value="{{width}}" inputmode="numeric" maxlength="5" autocomplete="off"></div>\
        <div class="short"><label for="{{idPrefix}}height.{{index}}">Height</label><input id="{{idPrefix}}height.{{index}}" name="height.{{index}}" value="{{height}}" inputmode="numeric" maxlength="5" autocomplete="off"></div>\
        </fieldset>{{/widgets}}
        """

    static let panel = """
        {{<page}}{{$content}}<section class="card"><h1 id="panel">Panel</h1>
        {{>fileChanged}}
        {{#fields}}<form method="post" action="/settings/panel" class="settings" aria-labelledby="panel">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">
        <div class="wide"><label for="model">Model</label><select id="model" name="model">\
        {{#models}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/models}}</select></div>
        <div><label for="rotation">Rotation <span class="hint">clockwise</span></label><select id="rotation" name="rotation">\
        {{#rotations}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/rotations}}</select></div>
        <div class="wide"><label for="layout">Layout</label><select id="layout" name="layout">\
        {{#layouts}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/layouts}}</select></div>
        <div><label for="interval">Shortest interval <span class="hint">e.g. 3m</span></label>\
        <input id="interval" name="minimum_interval" value="{{minimumInterval}}" required maxlength="20" autocomplete="off"></div>
        <div><label for="quiet">Quiet hours <span class="hint">no full refresh</span></label>\
        <input id="quiet" name="quiet_hours" value="{{quietHours}}" maxlength="20" autocomplete="off" placeholder="e.g. 23:00-06:30"></div>
        <div class="buttons"><button type="submit" name="action" value="preview" class="secondary">Preview</button>\
        <button type="submit" name="action" value="save">Save and apply</button></div></form>
        <p class="hint">A layout is laid out for the panel's size after rotation; the file's own layout must still fit a
        new model or rotation. The shortest interval is the least time between two refreshes nobody asked for; quiet
        hours have no flashing full refresh.</p>{{/fields}}
        {{^fields}}<p>This hub has no wired panel (<code>panel: none</code>): it draws for its networked displays only.</p>{{/fields}}
        </section>
        {{#fields}}<section class="card"><h2 id="widgets">Widgets, one by one</h2>
        <p class="hint">Each widget's kind, family and region in pixels on the {{frameSize}} panel (after rotation), from its
        top left corner. Regions must lie on the panel without overlapping; the check says which does not.</p>
        <form method="post" action="/settings/panel/widgets" class="settings" aria-labelledby="widgets">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">
        {{>widgetRows}}
        <div class="buttons"><button type="submit" name="action" value="preview" class="secondary">Preview</button>\
        <button type="submit" name="action" value="save">Save and apply</button></div></form></section>{{/fields}}
        {{#previewImage}}<section class="card"><h2>Preview</h2><figure class="frame"><img src="{{previewImage}}" \
        alt="The panel as these values would show it"><figcaption>Not saved yet</figcaption></figure></section>{{/previewImage}}
        {{#panelImage}}<section class="card"><h2>On the panel now</h2><figure class="frame"><img src="{{panelImage}}" \
        alt="What the panel shows now"></figure></section>{{/panelImage}}
        {{/content}}{{/page}}
        """

    static let sensors = """
        {{<page}}{{$content}}<section class="card"><h1>Sensors</h1>
        {{>fileChanged}}
        {{#hasSensors}}<p>Every sensor the hub knows, with its last values. Name one and give it its role:
        <strong>outdoor</strong> (its fresh values replace the forecast's current ones), <strong>indoor</strong> (shown
        beside them), a <strong>room</strong>, or the <strong>barometer</strong> (the pressure trend). There is one outdoor
        and one indoor sensor: giving the role to another makes the first a room. A hidden sensor is kept off the panel
        and the displays; its readings are still stored and listed here.</p>
        <ul class="rows">{{#sensors}}<li><div><strong>{{shownName}}</strong>{{#hidden}} <small>(hidden from the panel)</small>{{/hidden}}<small><code>{{identity}}</code> · {{ecosystem}}</small>\
        <small>{{values}} · seen {{seen}}</small>{{#chart}}<div class="chart">{{{svg}}}<small>Last 24 hours: {{range}}</small></div>{{/chart}}</div>
        <form method="post" action="/settings/sensors" class="fields"><input type="hidden" name="csrf" value="{{chrome.csrf}}">\
        <input type="hidden" name="version" value="{{version}}"><input type="hidden" name="sensor" value="{{identity}}">\
        <div><label for="name-{{identity}}">Name</label><input id="name-{{identity}}" name="name" value="{{name}}" maxlength="60" \
        autocomplete="off" placeholder="{{identity}}"></div>\
        <div><label for="role-{{identity}}">Role</label><select id="role-{{identity}}" name="role">\
        {{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/roles}}</select></div>\
        <div class="short"><label class="check"><input type="checkbox" name="hidden" value="on"{{#hidden}} checked{{/hidden}}> Hide</label></div>\
        <button type="submit" aria-label="Save {{shownName}}">Save</button></form></li>{{/sensors}}</ul>{{/hasSensors}}
        {{^hasSensors}}{{#hasIntake}}<p>No sensor has been heard yet. Check the broker below, and <code>weatherctl sensors</code>.</p>{{/hasIntake}}{{/hasSensors}}
        {{^hasIntake}}<p>The hub listens to no MQTT broker or socket feed yet{{#hasSensors}} (the sensors above are the demo's){{/hasSensors}}. \
        Give it your broker below: once saved, it connects and lists every sensor it hears here (rtl_433, zigbee2mqtt, Tasmota, ESPHome, \
        Shelly and more).</p>{{/hasIntake}}</section>
        {{#broker}}<section class="card"><h2 id="broker">MQTT broker and Home Assistant</h2>
        <form method="post" action="/settings/sensors/broker" class="settings" aria-labelledby="broker">\
        <input type="hidden" name="csrf" value="{{chrome.csrf}}"><input type="hidden" name="version" value="{{version}}">
        <div><label for="host">Broker</label><input id="host" name="host" value="{{host}}" required maxlength="253" autocomplete="off" placeholder="e.g. localhost"></div>
        <div><label for="port">Port</label><input id="port" name="port" value="{{port}}" required inputmode="numeric" maxlength="5" autocomplete="off"></div>
        <div><label for="username">User name <span class="hint">optional</span></label><input id="username" name="username" value="{{username}}" maxlength="128" autocomplete="off"></div>
        <div><label for="password">New password <span class="hint">never shown; empty keeps it</span></label>\
        <input id="password" name="password" type="password" maxlength="256" autocomplete="new-password"></div>
        <div class="wide"><label for="ca_file">TLS: the broker's certificate authority <span class="hint">a file on the hub; empty for \
        plain MQTT</span></label><input id="ca_file" name="ca_file" value="{{caFile}}" maxlength="4096" autocomplete="off" \
        placeholder="e.g. /etc/ssl/certs/ca-certificates.crt"></div>
        <div><label for="cert_file">Client certificate <span class="hint">only if the broker asks</span></label>\
        <input id="cert_file" name="cert_file" value="{{certificateFile}}" maxlength="4096" autocomplete="off"></div>
        <div><label for="key_file">Client key</label><input id="key_file" name="key_file" value="{{keyFile}}" maxlength="4096" autocomplete="off"></div>
        <div class="wide"><label class="check"><input type="checkbox" name="home_assistant" value="on"{{#homeAssistant}} checked{{/homeAssistant}}> \
        Home Assistant discovery: the hub appears as a device with its values and controls</label></div>
        <div class="buttons"><button type="submit" name="action" value="test" class="secondary">Test connection</button>\
        <button type="submit" name="action" value="save">Save and apply</button></div></form></section>{{/broker}}{{/content}}{{/page}}
        """

    static let applying = """
        {{<page}}{{$content}}<section class="card narrow"><h1>Applying the new settings</h1>
        <p>The hub is reading its configuration again and rebuilding the panel's picture. This page goes back
        to the settings in a few seconds.</p><p><a href="{{link}}">Back to the settings</a></p>        </section>{{/content}}{{/page}}
        """

    static let refused = """
        {{<page}}{{$content}}<section class="card narrow"><h1>{{heading}}</h1><p>{{message}}</p>
        <p><a href="{{link}}">{{linkText}}</a></p></section>{{/content}}{{/page}}
        """
}
