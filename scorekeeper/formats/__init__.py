"""Date and number formats by language where Django's own do not fit the site."""
