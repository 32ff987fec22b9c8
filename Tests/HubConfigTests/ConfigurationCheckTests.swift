import HubConfig
import Testing

@Suite("weatherctl config check: problems as data and text, and an exit code")
struct ConfigurationCheckTests {
    @Test("a clean file: exit 0 and one line")
    func clean() {
        let fixture = ConfigFixture()
        fixture.write("provider:\n  demo: true\n")
        let check = HubConfiguration.check(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(check.isClean && check.exitCode == 0)
        #expect(check.text == "\(fixture.configFile): the configuration is valid")
    }

    @Test("no file: the built-in default is checked and said so")
    func noFile() {
        let fixture = ConfigFixture()
        let check = HubConfiguration.check(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(check.exitCode == 0 && !check.fileExists)
        #expect(check.text == "no file at \(fixture.configFile), so the built-in default (demo weather, simulated panel): the configuration is valid")
    }

    @Test("problems: a non-zero exit and one line per problem with file, line and key")
    func problems() {
        let fixture = ConfigFixture()
        fixture.write("display:\n  clok: 12h\nlogging:\n  level: loud\n")
        let check = HubConfiguration.check(paths: fixture.paths, environment: [:], catalog: Catalog.all)
        #expect(check.exitCode == 1)
        #expect(check.text == """
            the configuration has 2 problems:
              \(fixture.configFile):2:3: display.clok: unknown key (did you mean `clock`?)
              \(fixture.configFile):4:10: logging.level: expected one of trace, debug, info, notice, warning, error, critical, found "loud"
            """)
    }
}
