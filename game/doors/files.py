"""The file and folder doors: every file or folder Coinland reads, writes, locks, lists, prunes,
walks or caches. `<data>` is the data folder (game.safeio.places.data_dir)."""

from __future__ import annotations

from game.doors.kinds import (
    CACHE,
    DELETE,
    FILE,
    FOLDER,
    LIST,
    LOCK,
    PATH,
    PRUNE,
    READ,
    SET_ASIDE,
    WALK,
    WRITE,
    Door,
)


def _probe(name: str, *args: str):
    """A probe built only when the battery runs (the probes import the client)."""

    def build():
        from game.doors import probes, probes_folders

        kind = getattr(probes, name, None) or getattr(probes_folders, name)
        return kind(*args)

    return build


KIB = 1024
DOORS = [
    Door("settings", FILE, "<data>/settings.json", frozenset({READ, WRITE, SET_ASIDE}),
         ("game.client.storage",), 16 * KIB, _probe("SettingsProbe")),
    Door("progress", FILE, "<data>/progress.json (and its lock <data>/.progress.lock)",
         frozenset({READ, WRITE, LOCK, SET_ASIDE}), ("game.client.storage",), 1024 * KIB, _probe("ProgressProbe")),
    Door("setup memory", FILE, "<data>/satoshi-setup.json", frozenset({READ, WRITE, SET_ASIDE}),
         ("game.client.satoshi.setup_memory",), 64 * KIB, _probe("SetupMemoryProbe")),
    Door("classic match save", FILE, "<data>/match-classic.json", frozenset({READ, WRITE, DELETE, SET_ASIDE}),
         ("game.client.coinland.match_save",), 512 * KIB, _probe("MatchSaveProbe", "classic")),
    Door("duel save", FILE, "<data>/match-duel.json", frozenset({READ, WRITE, DELETE, SET_ASIDE}),
         ("game.client.coinland.match_save",), 512 * KIB, _probe("MatchSaveProbe", "duel")),
    Door("games in progress", FOLDER, "<data>/satoshi-saves/*.json (and the older <data>/satoshi-save.json)",
         frozenset({READ, WRITE, LIST, DELETE, SET_ASIDE}),
         ("game.client.satoshi.saves", "game.client.satoshi.session"), 1024 * KIB, _probe("SatoshiSavesProbe")),
    Door("records", FOLDER, "<data>/records/*.json", frozenset({READ, WRITE, LIST, PRUNE}),
         ("game.records.store",), 1024 * KIB, _probe("RecordsProbe")),
    Door("exports", FOLDER, "<data>/exports/coinland-KIND-STAMP.json (Export in a review)", frozenset({WRITE}),
         ("game.client.review.common", "game.records.store"), 1024 * KIB, _probe("ExportsProbe")),
    Door("sound cache", FILE, "<data>/cache/sounds-*.pcm", frozenset({READ, WRITE, CACHE, PRUNE}),
         ("game.client.audio",), 4096 * KIB, _probe("SoundCacheProbe")),
    Door("my levels", FOLDER, "<data>/levels/**/*.toml (Puzzles: My levels; the editor saves there)",
         frozenset({READ, WRITE, LIST, WALK}),
         ("game.client.coinland.packs", "game.client.coinland.editor_model", "game.client.progress",
          "game.coinland.levels"),
         64 * KIB, _probe("MyLevelsProbe")),
    Door("level file", PATH, "a level file named on the command line or typed in 'Play a shared level'",
         frozenset({READ, WRITE}), ("game.coinland.levels", "game.cli.review", "game.client.coinland.extra_puzzles"),
         64 * KIB, _probe("LevelFileProbe")),
    Door("level folder", PATH, "a folder of level files named on the command line (check, the packs)",
         frozenset({READ, WALK}), ("game.coinland.levels", "game.cli.check"), 64 * KIB, _probe("LevelTreeProbe")),
    Door("record file", PATH, "a record file: review --record FILE, 'Open a file', an export",
         frozenset({READ, WRITE}), ("game.records.store", "game.cli.review"), 1024 * KIB,
         _probe("RecordFileProbe")),
    Door("generated levels", PATH, "generate --out FOLDER: new level files", frozenset({WRITE}),
         ("game.cli.generate", "game.coinland.levels")),
    Door("shipped levels", FOLDER, "levels/ of the installed game (read-only data, read like outside data)",
         frozenset({READ, WALK}), ("game.client.coinland.packs", "game.client.progress", "game.coinland.levels",
                                  "game.coinland.lineage", "game.coinland.curation",
                                  "game.coinland.idea_families")),
    Door("rules data", FOLDER, "assets/bitcoin/*.toml (Finding Satoshi's numbers; load_data(folder))",
         frozenset({READ}), ("game.bitcoin.data",), 256 * KIB),
    Door("screenshots", PATH, "the tour's PNG files (python -m game.client.tour OUT)", frozenset({WRITE}),
         ("game.client.tour", "game.client.review.tour")),
]
