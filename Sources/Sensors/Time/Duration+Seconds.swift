extension Duration {
    /// The duration in seconds as a double, for date arithmetic.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
