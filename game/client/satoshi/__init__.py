"""Finding Satoshi's scenes for the Coinland App (see game.client.games for how games plug in)."""
