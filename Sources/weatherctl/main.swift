print("weatherctl")
