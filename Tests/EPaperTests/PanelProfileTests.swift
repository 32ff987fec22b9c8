@testable import EPaper
import Foundation
import HubSystem
import InkUI
import Testing

/// Built-in profiles, settings parsing and the local-time rules.
@Suite("Panel profiles and settings")
struct PanelProfileTests {
    @Test("Every Waveshare profile has the HAT wiring, /dev/spidev0.0 at 4 MHz, and its native size")
    func builtInProfiles() {
        let sizes: [PanelModel: PixelSize] = [
            .waveshare2in13V4: PixelSize(width: 122, height: 250), .waveshare2in9V2: PixelSize(width: 128, height: 296),
            .waveshare2in7V2: PixelSize(width: 176, height: 264), .waveshare4in2V2: PixelSize(width: 400, height: 300),
            .waveshare7in5V2: PixelSize(width: 800, height: 480),
        ]
        for (model, size) in sizes {
            let profile = PanelProfile.builtIn(model)
            #expect(PanelProfile.named(model.rawValue) == profile)
            #expect(profile.nativeSize == size)
            #expect(profile.wiring == PanelWiring(chip: "/dev/gpiochip0", reset: 17, dataCommand: 25, busy: 24, power: 18))
            #expect(profile.spi == SPISettings(device: "/dev/spidev0.0", speedHz: 4_000_000))
            #expect(profile.refresh.minimumInterval == .seconds(180))
            #expect(profile.refresh.maximumUpdatesBetweenFulls == 5)
            #expect(profile.refresh.maximumFullInterval == .seconds(86_400))
            #expect(profile.keys == (model == .waveshare2in7V2 ? .waveshare2in7HAT : nil))
        }
        #expect(PanelProfile.named("waveshare-13in3") == nil)
        #expect(PanelProfile.builtIn(.waveshare7in5V2).model.controller == .uc8179)
        #expect(PanelProfile.builtIn(.waveshare4in2V2).model.controller == .ssd1683)
    }

    @Test("Three-colour profiles: their controller, black-white-red frames, no fast or partial refresh, a 60 s BUSY timeout; every driver reports the profile's size and colours")
    func threeColourProfiles() throws {
        let controllers: [PanelModel: ControllerChip] = [
            .waveshare2in13bV4: .ssd1680, .waveshare2in9bV4: .ssd1680, .waveshare4in2bV2: .ssd1683, .waveshare7in5bV2: .uc8179,
        ]
        let sizes: [PanelModel: PixelSize] = [
            .waveshare2in13bV4: PixelSize(width: 122, height: 250), .waveshare2in9bV4: PixelSize(width: 128, height: 296),
            .waveshare4in2bV2: PixelSize(width: 400, height: 300), .waveshare7in5bV2: PixelSize(width: 800, height: 480),
        ]
        for (model, chip) in controllers {
            let profile = PanelProfile.builtIn(model)
            #expect(PanelProfile.named(model.rawValue) == profile)
            #expect(model.controller == chip)
            #expect(profile.nativeSize == sizes[model])
            #expect(profile.capability == .blackWhiteRed)
            #expect(profile.busyTimeout == .seconds(60))
            #expect(!profile.takesHostPartialWaveform)
        }
        for model in PanelModel.allCases where model != .simulated {
            var profile = PanelProfile.builtIn(model)
            profile.rotation = .quarter
            let layout = try EmulatedPanels.wired(profile).driver.layout
            #expect(layout.capability == profile.capability, "\(model.rawValue)")
            #expect(layout.frameSize == profile.frameSize, "\(model.rawValue)")
            #expect(controllers[model] != nil || profile.busyTimeout == .seconds(30), "\(model.rawValue)")
            #expect(controllers[model] == nil || !layout.features.fastRefresh && !layout.features.partialRefresh, "\(model.rawValue)")
        }
        var simulated = PanelProfile.builtIn(.simulated)
        simulated.simulated.capability = .blackWhiteRed
        #expect(simulated.capability == .blackWhiteRed)
        for unknown in ["waveshare-7in5-b-v2", "waveshare-4in2b", "waveshare-2in13b-v3", "waveshare-4in2b-v2-old"] {
            #expect(PanelProfile.named(unknown) == nil, "\(unknown)")
        }
    }

    @Test("The 2.7-inch HAT keys are GPIO 5, 6, 13 and 19, active low")
    func hatKeys() {
        let keys = PanelKeySettings.waveshare2in7HAT
        #expect(keys.keys.map(\.line) == [5, 6, 13, 19])
        #expect(keys.keys.map(\.name) == ["KEY1", "KEY2", "KEY3", "KEY4"])
        #expect(keys.activeLow)
    }

    @Test("Rotation by 90 or 270 degrees makes frames landscape; the simulated panel takes any size and refreshes sooner")
    func frameSizes() {
        var profile = PanelProfile.builtIn(.waveshare2in13V4)
        profile.rotation = .quarter
        #expect(profile.frameSize == PixelSize(width: 250, height: 122))
        profile.rotation = .half
        #expect(profile.frameSize == PixelSize(width: 122, height: 250))
        var simulated = PanelProfile.builtIn(.simulated)
        simulated.simulated.size = PixelSize(width: 640, height: 384)
        simulated.rotation = .threeQuarters
        #expect(simulated.frameSize == PixelSize(width: 384, height: 640))
        #expect(simulated.refresh.minimumInterval < .seconds(180))
    }

    @Test("Quiet hours parse from HH:MM-HH:MM and may cross midnight")
    func quietHoursParsing() {
        let night = QuietHours("23:00-06:30")
        #expect(night == QuietHours(startMinute: 23 * 60, endMinute: 6 * 60 + 30))
        #expect(night?.description == "23:00-06:30")
        #expect(night?.contains(minuteOfDay: 23 * 60) == true)
        #expect(night?.contains(minuteOfDay: 3 * 60) == true)
        #expect(night?.contains(minuteOfDay: 6 * 60 + 30) == false)
        #expect(night?.contains(minuteOfDay: 12 * 60) == false)
        #expect(QuietHours("13:00 - 14:00")?.contains(minuteOfDay: 13 * 60 + 59) == true)
        for bad in ["", "23:00", "24:00-06:00", "23:60-06:00", "ab:cd-06:00", "23:00-06:00-07:00"] {
            #expect(QuietHours(bad) == nil, "\(bad)")
        }
    }

    @Test("The end of quiet hours is found in local time, across a daylight-saving change")
    func quietHoursEnd() throws {
        let settings = RefreshPolicy.Settings(quietHours: QuietHours("23:00-06:00"))
        let features = PanelFeatures(fastRefresh: true, partialRefresh: true)
        // 2026-03-29 01:00 UTC: clocks go from 02:00 to 03:00 local (UTC+1 → UTC+2).
        let berlin = try TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
        let policy = RefreshPolicy(settings: settings, features: features, timeZone: berlin)
        // 23:30 local on the 28th (22:30 UTC) → 06:00 local on the 29th = 04:00 UTC.
        let lateEvening = Date(timeIntervalSince1970: 1_774_737_000)
        #expect(policy.quietHoursEnd(containing: lateEvening) == Date(timeIntervalSince1970: 1_774_756_800))
        let noon = Date(timeIntervalSince1970: 1_774_782_000)
        #expect(policy.quietHoursEnd(containing: noon) == nil)
        // Quiet hours ending at 02:30, a time the clocks skip that night: they end at 03:30 summer time.
        let gap = RefreshPolicy(settings: RefreshPolicy.Settings(quietHours: QuietHours("22:00-02:30")), features: features, timeZone: berlin)
        #expect(gap.quietHoursEnd(containing: Date(timeIntervalSince1970: 1_774_743_000)) == Date(timeIntervalSince1970: 1_774_747_800))
        #expect(gap.quietHoursEnd(containing: Date(timeIntervalSince1970: 1_774_747_800)) == nil)
        let plain = RefreshPolicy(settings: settings, features: features, timeZone: .utc)
        #expect(plain.quietHoursEnd(containing: Date(timeIntervalSince1970: 3 * 3600)) == Date(timeIntervalSince1970: 6 * 3600))
    }

    @Test("A wall clock set back does not hold refreshes back until it catches up")
    func clockSetBack() {
        let policy = RefreshPolicy(settings: RefreshPolicy.Settings(), features: PanelFeatures(fastRefresh: true, partialRefresh: true))
        let now = Date(timeIntervalSince1970: 1_000_000)
        let future = RefreshPolicy.Situation(
            counters: PanelCounters(updatesSinceFull: 1, lastFullAt: now, lastRefreshAt: now.addingTimeInterval(3600)),
            hasPartialBase: true, retryAt: nil)
        #expect(policy.earliestStart(of: .partial, userInitiated: false, situation: future, at: now) == now)
    }
}
