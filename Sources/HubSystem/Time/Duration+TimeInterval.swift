extension Duration {
    /// The duration in seconds as a floating-point number, fractions included: for `Date` arithmetic.
    public var timeInterval: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
