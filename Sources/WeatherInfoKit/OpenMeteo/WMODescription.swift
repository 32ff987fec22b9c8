/// Short descriptions of the WMO weather codes Open-Meteo documents, which sends a code and no words.
/// English follows Open-Meteo's own table; the other languages are the hub's translations (see
/// docs/open-meteo.md). A language without a column reads English.
enum WMODescription {
    /// The columns of ``words``, in order.
    static let languages = ["en", "de", "fr", "es", "it", "nl", "pl", "sv"]

    /// The description of `code` in `language` (the provider's `language` setting: "de", "pt_br"…), in
    /// English when the hub has no words in that language; `nil` for a code Open-Meteo does not document.
    static func text(for code: Int, language: String?) -> String? {
        guard let row = words[code] else { return nil }
        return row[languages.firstIndex(of: column(for: language)) ?? 0]
    }

    /// "pt_br" → "pt"; OpenWeatherMap's "se" is Swedish too.
    private static func column(for language: String?) -> String {
        let base = language?.lowercased().split(separator: "_").first.map(String.init) ?? "en"
        return base == "se" ? "sv" : base
    }

    private static let words: [Int: [String]] = [
        0: ["clear sky", "klarer Himmel", "ciel dégagé", "cielo despejado", "cielo sereno", "onbewolkt", "bezchmurnie", "klar himmel"],
        1: ["mainly clear", "überwiegend klar", "plutôt dégagé", "mayormente despejado", "prevalentemente sereno", "overwegend helder",
            "przeważnie bezchmurnie", "mestadels klart"],
        2: ["partly cloudy", "teilweise bewölkt", "partiellement nuageux", "parcialmente nublado", "parzialmente nuvoloso", "half bewolkt",
            "częściowe zachmurzenie", "halvklart"],
        3: ["overcast", "bedeckt", "couvert", "cubierto", "coperto", "zwaar bewolkt", "całkowite zachmurzenie", "mulet"],
        45: ["fog", "Nebel", "brouillard", "niebla", "nebbia", "mist", "mgła", "dimma"],
        48: ["depositing rime fog", "Nebel mit Reifansatz", "brouillard givrant", "niebla con escarcha", "nebbia con brina",
             "aanvriezende mist", "mgła osadzająca szadź", "dimma med rimfrost"],
        51: ["light drizzle", "leichter Nieselregen", "bruine légère", "llovizna ligera", "pioviggine leggera", "lichte motregen",
             "słaba mżawka", "lätt duggregn"],
        53: ["moderate drizzle", "mäßiger Nieselregen", "bruine modérée", "llovizna moderada", "pioviggine moderata", "matige motregen",
             "umiarkowana mżawka", "måttligt duggregn"],
        55: ["dense drizzle", "dichter Nieselregen", "bruine dense", "llovizna densa", "pioviggine intensa", "dichte motregen",
             "gęsta mżawka", "tätt duggregn"],
        56: ["light freezing drizzle", "leichter gefrierender Nieselregen", "bruine verglaçante légère", "llovizna helada ligera",
             "pioviggine congelantesi leggera", "lichte onderkoelde motregen", "słaba marznąca mżawka", "lätt underkylt duggregn"],
        57: ["dense freezing drizzle", "dichter gefrierender Nieselregen", "bruine verglaçante dense", "llovizna helada densa",
             "pioviggine congelantesi intensa", "dichte onderkoelde motregen", "gęsta marznąca mżawka", "tätt underkylt duggregn"],
        61: ["slight rain", "leichter Regen", "pluie faible", "lluvia ligera", "pioggia debole", "lichte regen", "słaby deszcz", "lätt regn"],
        63: ["moderate rain", "mäßiger Regen", "pluie modérée", "lluvia moderada", "pioggia moderata", "matige regen", "umiarkowany deszcz",
             "måttligt regn"],
        65: ["heavy rain", "starker Regen", "forte pluie", "lluvia fuerte", "pioggia forte", "zware regen", "silny deszcz", "kraftigt regn"],
        66: ["light freezing rain", "leichter gefrierender Regen", "pluie verglaçante faible", "lluvia helada ligera",
             "pioggia congelantesi debole", "lichte onderkoelde regen", "słaby marznący deszcz", "lätt underkylt regn"],
        67: ["heavy freezing rain", "starker gefrierender Regen", "forte pluie verglaçante", "lluvia helada fuerte",
             "pioggia congelantesi forte", "zware onderkoelde regen", "silny marznący deszcz", "kraftigt underkylt regn"],
        71: ["slight snowfall", "leichter Schneefall", "faibles chutes de neige", "nevada ligera", "nevicata debole", "lichte sneeuwval",
             "słabe opady śniegu", "lätt snöfall"],
        73: ["moderate snowfall", "mäßiger Schneefall", "chutes de neige modérées", "nevada moderada", "nevicata moderata",
             "matige sneeuwval", "umiarkowane opady śniegu", "måttligt snöfall"],
        75: ["heavy snowfall", "starker Schneefall", "fortes chutes de neige", "nevada fuerte", "nevicata forte", "zware sneeuwval",
             "intensywne opady śniegu", "kraftigt snöfall"],
        77: ["snow grains", "Schneegriesel", "neige en grains", "cinarra", "neve granulosa", "motsneeuw", "śnieg ziarnisty", "kornsnö"],
        80: ["slight rain showers", "leichte Regenschauer", "faibles averses de pluie", "chubascos ligeros", "rovesci di pioggia deboli",
             "lichte regenbuien", "słabe przelotne opady deszczu", "lätta regnskurar"],
        81: ["moderate rain showers", "mäßige Regenschauer", "averses de pluie modérées", "chubascos moderados",
             "rovesci di pioggia moderati", "matige regenbuien", "umiarkowane przelotne opady deszczu", "måttliga regnskurar"],
        82: ["violent rain showers", "heftige Regenschauer", "violentes averses de pluie", "chubascos violentos",
             "rovesci di pioggia violenti", "zware regenbuien", "gwałtowne przelotne opady deszczu", "kraftiga regnskurar"],
        85: ["slight snow showers", "leichte Schneeschauer", "faibles averses de neige", "chubascos de nieve ligeros",
             "rovesci di neve deboli", "lichte sneeuwbuien", "słabe przelotne opady śniegu", "lätta snöbyar"],
        86: ["heavy snow showers", "starke Schneeschauer", "fortes averses de neige", "chubascos de nieve fuertes", "rovesci di neve forti",
             "zware sneeuwbuien", "silne przelotne opady śniegu", "kraftiga snöbyar"],
        95: ["thunderstorm", "Gewitter", "orage", "tormenta", "temporale", "onweer", "burza", "åska"],
        96: ["thunderstorm with slight hail", "Gewitter mit leichtem Hagel", "orage avec faible grêle", "tormenta con granizo ligero",
             "temporale con grandine debole", "onweer met lichte hagel", "burza ze słabym gradem", "åska med lätt hagel"],
        99: ["thunderstorm with heavy hail", "Gewitter mit starkem Hagel", "orage avec forte grêle", "tormenta con granizo fuerte",
             "temporale con grandine forte", "onweer met zware hagel", "burza z silnym gradem", "åska med kraftigt hagel"],
    ]
}
