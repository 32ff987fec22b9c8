import HubConfig
/// Which entities a hub announces: the same list for the same configuration, so a changed layout or
/// provider is the only thing that adds or removes one.
enum HomeAssistantCatalog {
    static func entities(features: HubFeatures) -> [HomeAssistantEntity] {
        var entities: [HomeAssistantEntity] = [
            .outdoorTemperature, .outdoorHumidity, .outdoorPressure, .condition, .pressureTrend,
        ]
        entities += features.countedProviders.map(HomeAssistantEntity.providerCalls)
        if features.wiredPanel { entities += [.panelLastRefresh, .panelRefreshesSinceFull] }
        entities.append(.problem)
        if features.wiredPanel { entities.append(.panelImage) }
        entities += [.city, .cityResult]
        if features.forecastDay { entities.append(.forecastDay) }
        entities.append(.reload)
        return entities
    }
}
