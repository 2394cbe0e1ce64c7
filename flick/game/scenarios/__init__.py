"""The scenarios' own rules: scenarios 1-4 (rules, deck, fight, escort) and 5-10."""
