extension Duration {
    /// The duration in seconds as a double, for date arithmetic.
    var seconds: Double {
        self / .seconds(1)
    }
}
