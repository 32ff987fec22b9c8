import EPaper
import Synchronization

/// Push buttons on pulled-up lines, played from a script on virtual time: each press and release
/// bounces (the contact opens and closes a few times within a millisecond or two) before it settles.
final class KeyBoardEmulator: KeyLines, Sendable {
    struct Action {
        var at: Duration
        var line: UInt32
        var pressed: Bool
        var bounces: Int
    }

    private struct State {
        var levels: [UInt32: Bool]
        var edges: [(at: Duration, edge: GPIOEdge)]
        var delivered = 0
        var released = false
        var playedWaiter: CheckedContinuation<Void, Never>?
        var played = false
    }

    private let time: TestTime
    private let end: Duration
    private let state: Mutex<State>

    /// - Parameter heldAtStart: lines already pressed (low) when reading starts.
    init(time: TestTime, lines: [UInt32], heldAtStart: Set<UInt32> = [], script: [Action]) {
        self.time = time
        var edges: [(at: Duration, edge: GPIOEdge)] = []
        for action in script {
            // Active low: pressed = falling edge. Each bounce reverts for 300 µs, 300 µs apart.
            for bounce in 0..<action.bounces {
                let start = action.at + .microseconds(600 * bounce)
                edges.append((start, GPIOEdge(line: action.line, rising: !action.pressed)))
                edges.append((start + .microseconds(300), GPIOEdge(line: action.line, rising: action.pressed)))
            }
            edges.append((action.at + .microseconds(600 * action.bounces), GPIOEdge(line: action.line, rising: !action.pressed)))
        }
        edges.sort { $0.at < $1.at }
        end = (edges.last?.at ?? .zero) + .seconds(1)
        var levels: [UInt32: Bool] = [:]
        for line in lines { levels[line] = !heldAtStart.contains(line) }
        state = Mutex(State(levels: levels, edges: edges))
    }

    var released: Bool { state.withLock { $0.released } }

    /// Returns once virtual time has run a second past the last scripted edge.
    func waitUntilPlayed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.played { return true }
                state.playedWaiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    func isHigh(_ line: UInt32) throws -> Bool {
        state.withLock { $0.levels[line] ?? true }
    }

    func waitForEdges(timeout: Duration) throws -> Bool {
        let now = time.elapsed
        let next = state.withLock { state in state.delivered < state.edges.count ? state.edges[state.delivered].at : nil }
        if let next, next - now <= timeout {
            time.pass(max(.zero, next - now))
            return true
        }
        time.pass(timeout)
        if time.elapsed > end {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.played = true
                defer { state.playedWaiter = nil }
                return state.playedWaiter
            }
            waiter?.resume()
        }
        return false
    }

    func readEdges() throws -> [GPIOEdge] {
        let now = time.elapsed
        return state.withLock { state in
            var edges: [GPIOEdge] = []
            while state.delivered < state.edges.count, state.edges[state.delivered].at <= now {
                let edge = state.edges[state.delivered].edge
                state.levels[edge.line] = edge.rising
                edges.append(edge)
                state.delivered += 1
            }
            return edges
        }
    }

    func release() {
        state.withLock { $0.released = true }
    }
}
