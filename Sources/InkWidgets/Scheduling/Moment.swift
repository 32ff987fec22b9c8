#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import HubSystem

/// A point in time seen two ways: the wall clock that entries are dated by, and a monotonic uptime that
/// measures intervals and never jumps (NTP steps and manual clock changes only move `wall`).
public struct Moment: Sendable, Hashable, CustomStringConvertible {
    public var wall: Date
    public var uptime: Duration

    public init(wall: Date, uptime: Duration) {
        self.wall = wall
        self.uptime = uptime
    }

    /// The same moment `interval` later on both clocks.
    public func advanced(by interval: Duration) -> Moment {
        Moment(wall: wall.addingTimeInterval(interval.timeInterval), uptime: uptime + interval)
    }

    /// The uptime at which the wall clock will read `date`, assuming it runs without jumps from here.
    public func uptime(atWall date: Date) -> Duration {
        uptime + .seconds(date.timeIntervalSince(wall))
    }

    /// The wall-clock date at a given uptime, assuming no jumps in between.
    public func wall(atUptime instant: Duration) -> Date {
        wall.addingTimeInterval((instant - uptime).timeInterval)
    }

    public var description: String { "\(wall.timeIntervalSince1970)s wall, \(uptime) up" }
}

extension Duration {
    static let day: Duration = .seconds(86_400)
}
