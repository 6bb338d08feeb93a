"""The decision panel's forms: an amount to buy, sell or save, an offer, a risky confirmation.

`FormPages` is the half of the DecisionPanel that lays out and reads these pages (a mixin: it
uses the panel's rect, rows, view and navigation); `Forms` holds what the player has set so far.
The engine has the last word on every amount and offer (money_tools.offer_problem).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.bitcoin import Offer
from game.bitcoin.state import State
from game.client import palette as pal
from game.client.satoshi.decision_nodes import AmountForm, Leaf, OfferForm, amount_action
from game.client.satoshi.decision_words import offer_words
from game.client.satoshi.money_tools import amount_words, offer_limits, offer_problem
from game.client.satoshi.panel_widgets import Stepper, clip
from game.client.widgets import Button, Choice

PAD, LINE, STEP_H = 10, 24, 40
Note = tuple[str, tuple[int, int], pal.Colour, str]


@dataclass
class Forms:
    """What the player has set in the open form."""

    amount: int = 1
    to: int = 0
    give_usd: int = 0
    give_btc: int = 0
    get_usd: int = 0
    get_btc: int = 0


class FormPages:
    """Amount, offer and confirmation pages of the DecisionPanel (see its docstring)."""

    forms: Forms
    rows: list[tuple[Any, Any]]  # (widget, node) of the open page
    rect: pygame.Rect
    view: State  # the deciding player's view
    session: Any  # the TableSession (its names)
    group: Any  # the FocusGroup of `rows`

    def _amount_page(self, form: AmountForm, top: int) -> None:
        low, high = form.amounts[0], form.amounts[-1]
        self.forms.amount = max(low, min(high, self.forms.amount))
        width = self.rect.width - 2 * PAD
        stepper = Stepper("BTC", lambda: self.forms.amount, self._set_amount, low, high,
                          pygame.Rect(self.rect.left + PAD, top + LINE, width, STEP_H), "BTC", self._confirm_amount)
        self.rows.append((stepper, None))
        self._form_bar(amount_words(self.view, form.kind, self.forms.amount)[0], self._confirm_amount)

    def _offer_page(self, form: OfferForm, top: int) -> None:
        if self.forms.to not in form.targets:
            self.forms.to = form.targets[0]
        names = self.session.names
        x, width = self.rect.left + PAD, self.rect.width - 2 * PAD
        room = self._bottom().top - LINE - top  # five rows above the reason line and the bar
        height = max(30, min(STEP_H, room // 5 - 4))
        rect = pygame.Rect(x, top, width, height)
        options = [(t, names[t]) for t in form.targets]
        self.rows.append((Choice("To", options, lambda: self.forms.to, self._set_target, rect), None))
        limits = offer_limits(self.view, self.forms.to)
        fields = (("You give $", "give_usd", "$"), ("You give BTC", "give_btc", "BTC"),
                  ("You get $", "get_usd", "$"), ("You get BTC", "get_btc", "BTC"))
        for index, ((label, name, unit), high) in enumerate(zip(fields, limits, strict=True)):
            setattr(self.forms, name, min(getattr(self.forms, name), high))
            rect = pygame.Rect(x, top + (index + 1) * (height + 4), width, height)
            self.rows.append((Stepper(label, lambda n=name: getattr(self.forms, n), self._setter(name), 0, high,
                                      rect, unit, self._propose), None))
        problem = offer_problem(self.view, self._offer(), names)
        self._form_bar(f"Propose to {names[self.forms.to]}", self._propose, enabled=problem is None)

    def _confirm_page(self, leaf: Leaf) -> None:
        label = f"Yes: guess {leaf.label}" if leaf.confirm else "Yes"
        self._form_bar(label, lambda: self._finish(leaf.action))

    def _form_bar(self, label: str, action: Callable[[], None], enabled: bool = True) -> None:
        bar = self._bottom()
        back = pygame.Rect(bar.left, bar.top, 96, bar.height)
        go = pygame.Rect(back.right + 8, bar.top, bar.width - back.width - 8, bar.height)
        self.rows.append((Button(label, action, go, enabled=enabled, primary=True, size="small"), None))
        self.rows.append((Button("Back", self._back, back, hint="Backspace", size="small"), None))

    # --- forms ---------------------------------------------------------------------------------
    def _set_amount(self, value: int) -> None:
        self.forms.amount = value
        self._relabel()

    def _setter(self, name: str) -> Callable[[int], None]:
        def set_(value: int) -> None:
            setattr(self.forms, name, value)
            self._relabel()
        return set_

    def _set_target(self, to: int) -> None:
        self.forms.to = to
        focus = self.group.focus
        self._rebuild()
        self.group.focus = focus

    def _relabel(self) -> None:
        """Keep the confirm button's words and enabled state in step with the amounts."""
        node = self.page.node
        for widget, _ in self.rows:
            if isinstance(widget, Button) and widget.primary:
                if isinstance(node, AmountForm):
                    widget.label = amount_words(self.view, node.kind, self.forms.amount)[0]
                elif isinstance(node, OfferForm):
                    widget.enabled = offer_problem(self.view, self._offer(), self.session.names) is None

    def _confirm_amount(self) -> None:
        node = self.page.node
        if isinstance(node, AmountForm) and self.forms.amount in node.amounts:
            self._finish(amount_action(node.kind, self.forms.amount))

    def _offer(self) -> Offer:
        f = self.forms
        return Offer(f.to, f.give_usd, f.give_btc, f.get_usd, f.get_btc)

    def _propose(self) -> None:
        problem = offer_problem(self.view, self._offer(), self.session.names)
        if problem:
            self._say(problem)
        else:
            self._finish(self._offer())

    def _form_notes(self, node: object, x: int, width: int, above_bar: int) -> list[Note]:
        """The sums and reasons of a form page: what an amount costs, why an offer cannot go."""
        out: list[Note] = []
        if isinstance(node, AmountForm):
            me = self.view.players[self.view.turn]
            top = self.rows[0][0].rect.top
            out.append((f"You have ${me.usd} and {me.btc} BTC", (x, top - LINE + 2), pal.TEXT_DIM, "tiny"))
            stepper = self.rows[0][0].rect
            out.append((amount_words(self.view, node.kind, self.forms.amount)[1], (x, stepper.bottom + 12),
                        pal.TEXT, "small"))
        elif isinstance(node, OfferForm):
            problem = offer_problem(self.view, self._offer(), self.session.names)
            line = problem or offer_words(self._offer(), self.session.names)
            colour = pal.lighter(pal.BAD, 40) if problem else pal.TEXT
            out.append((clip(line, width, "tiny"), (x, above_bar), colour, "tiny"))
        return out
