print("weatherhub")
