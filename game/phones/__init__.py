"""Phones as hands for Finding Satoshi: each player's phone shows her own hand (issue 36).

A small asyncio server of its own (`server.PhoneServer`, the `websockets` library) runs in a
thread beside the frame loop while a game with phone seats is on, and serves exactly two things:
the phone page (page/, shipped in the package) and one WebSocket channel. Each seat has an
address carrying a secret (`seats.SeatBook`); a phone on it receives only its own seat's view
(`game.bitcoin.view_for`, turned into a message by `hand.hand_message`) and sends actions in the
engine's text form, which pass the same checks as every other outside input (`inbound.py`) and
then the rules engine. The table applies them, as it applies a click.

This package imports the rules engine and the foundation, never the client (docs/DEVELOPING.md,
Layers); the table hands in the words of its choices as a function (`hand.Describe`).
The channel's messages are documented in docs/PHONES.md.
"""
