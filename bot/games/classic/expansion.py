"""What a 7 Wonders expansion adds to the bot: the prompts of its own steps and why a seat
waits during them. Each expansion module beside this one (``leaders``, ``cities``,
``edifice``) exports one ``BotExpansion``, registered by one line in
``bot.games.classic.expansions.BOT_EXPANSIONS``; a variant set by a table option (``gods``,
``free_city``) likewise in ``BOT_VARIANTS``; the classic adapter and its prompts loop over
the registry and name no expansion: an expansion's prompts, wait texts, secret steps, score
rows and step lines all come from here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.model.game import PromptStep, Table
from bot.model.prompt import ButtonSpec, Prompt, SelectSpec
from engine.ai.hint import Hint
from engine.classic import ClassicView, Config, State
from engine.common import Event

__all__ = ["BotExpansion"]

#: (table, the seat's view, seat, step) -> the seat's prompt in the expansion's own steps,
#: None in every other step (the hand or the move list takes over)
PromptHook = Callable[[Table, ClassicView, int, PromptStep], Prompt | None]
#: (the seat's view, seat, player names) -> why the seat waits in the expansion's steps, or None
WaitHook = Callable[[ClassicView, int, list[str]], str | None]


#: (the seat's view, seat, its move) -> how the move is told when the expansion words it
#: like its button ("Take 2 debt tokens (−2 VP)"), None otherwise
MoveTextHook = Callable[[ClassicView, int, object], str | None]
#: (the seat's view, its hint) -> the hint's text when the expansion words it, None otherwise
HintTextHook = Callable[[ClassicView, Hint], str | None]
#: state -> whether the expansion's current step is played in secret by everyone at once
SecretHook = Callable[[State], bool]
#: (the public view, player names) -> a line of the table post, or None / ""
LineHook = Callable[[ClassicView, list[str]], str | None]
#: (the seat's view, hint sentence) -> the sentence as the seat should read it
HintWordsHook = Callable[[ClassicView, str], str]
#: (the seat's view, seat, seats to act) -> whether the seat's hand opens again right away
ActsAgainHook = Callable[[ClassicView, int, frozenset[int]], bool]
#: the table's config -> names of the neutral seats it adds
NeutralsHook = Callable[[Config], list[str]]
#: state -> the expansion's text of the state (a round's name), None when it has none
StateTextHook = Callable[[State], str | None]
#: (a public event, player names) -> its line on the reveal post, None for none
EventHook = Callable[[Event, list[str]], str | None]
#: (a seat's public event kind, its data, the seat's name, " (paid bo 2 coins)" or "") ->
#: its line on the reveal post, None for an event of another kind
SeatEventHook = Callable[[str, dict[str, object], str, str], str | None]


def _never(state: State) -> bool:
    return False


def _phase_tells(view: ClassicView) -> bool | None:
    return None


def _no_move_text(view: ClassicView, seat: int, move: object) -> str | None:
    return None


def _no_hint_text(view: ClassicView, found: Hint) -> str | None:
    return None


def _no_prompt(table: Table, view: ClassicView, seat: int, step: PromptStep) -> Prompt | None:
    return None


def _no_wait(view: ClassicView, seat: int, names: list[str]) -> str | None:
    return None


def _no_line(view: ClassicView, names: list[str]) -> str | None:
    return None


def _same_words(view: ClassicView, text: str) -> str:
    return text


def _no_head(view: ClassicView) -> str:
    return ""


def _own_hand(view: ClassicView) -> tuple[int, str] | None:
    return None


def _no_hand_parts(
    table: Table, view: ClassicView, chosen: str | None
) -> tuple[str, tuple[SelectSpec, ...], tuple[ButtonSpec, ...]]:
    return "", (), ()


def _not_again(view: ClassicView, seat: int, to_act: frozenset[int]) -> bool:
    return False


def _no_neutrals(config: Config) -> list[str]:
    return []


def _no_words(config: Config) -> str:
    return ""


def _no_state_text(state: State) -> str | None:
    return None


def _no_key(state: State) -> tuple[object, ...]:
    return ()


def _no_seat_event(kind: str, data: dict[str, object], who: str, tail: str) -> str | None:
    return None


@dataclass(frozen=True)
class BotExpansion:
    #: the engine's ``Config.expansions`` value ("leaders"), also the ``expansions:`` option's
    name: str
    #: as choice lists and lobby posts say it ("Leaders")
    title: str
    prompt: PromptHook = _no_prompt
    wait_text: WaitHook = _no_wait
    #: the engine's phases in which everyone decides at once, unseen until all are in
    secret_phases: frozenset[str] = frozenset()
    #: secret phase -> what "Change my pick" asks for in it ("tile"); a phase left out
    #: can't be changed once picked
    change_asks: Mapping[str, str] = field(default_factory=dict)
    #: the same for steps a phase name does not tell (the leaders' draft and recruitment)
    secret_step: SecretHook = _never
    #: whether a pick in the open step may be changed, when its phase alone does not tell
    #: (None: ``change_asks`` decides)
    changeable: Callable[[ClassicView], bool | None] = _phase_tells
    #: its Score fields, in the order the score lines list them ("cities", "debt")
    score_rows: tuple[str, ...] = ()
    #: a row's word when it is not the field's name ("babel" -> "Babel tiles")
    row_words: Mapping[str, str] = field(default_factory=dict)
    #: phase -> the table post's turn line in it ("{who}": the seats to act), "" for none
    turn_lines: Mapping[str, str] = field(default_factory=dict)
    #: phase -> the status line in it ("Coin losses: pay or take debt.")
    status_lines: Mapping[str, str] = field(default_factory=dict)
    move_text: MoveTextHook = _no_move_text
    hint_text: HintTextHook = _no_hint_text
    #: the table post's turn and status lines before any other (the Free City's holder)
    turn_text: LineHook = _no_line
    status_text: LineHook = _no_line
    #: public lines after a reveal and last in the status (the gods in play)
    public_text: LineHook = _no_line
    #: a line above the hand prompt (the Free City's card)
    prompt_head: Callable[[ClassicView], str] = _no_head
    #: the city whose hand the prompt shows instead of the viewer's, and its name ("the Free
    #: City"), while the viewer picks for it; None: the viewer's own
    hand_city: Callable[[ClassicView], tuple[int, str] | None] = _own_hand
    #: on the viewer's own hand: a line above it and extra selects and buttons (Gods &
    #: Heroes: invoke a god's power; ``chosen``: the power picked in its select)
    hand_parts: Callable[
        [Table, ClassicView, str | None],
        tuple[str, tuple[SelectSpec, ...], tuple[ButtonSpec, ...]],
    ] = _no_hand_parts
    #: a hint's sentence as the seat reads it, after ``hint_text`` (for the Free City)
    hint_words: HintWordsHook = _same_words
    acts_again: ActsAgainHook = _not_again
    neutrals: NeutralsHook = _no_neutrals
    #: the lobby line's words after the player count and at its end (" + the Free City",
    #: ", Gods & Heroes")
    lobby_lead: Callable[[Config], str] = _no_words
    lobby_tail: Callable[[Config], str] = _no_words
    #: a variant's ``variant:`` option value ("gods-heroes"), its fewest players and its
    #: sentence in the rules' table options
    variant: str = ""
    min_players: int = 2
    option_rules: str = ""
    #: the name of the expansion's round open in a state, in place of "Age II turn 3"
    #: ("Leader draft, pick 2"), and what its reveal says when nothing public happened
    round_name: StateTextHook = _no_state_text
    quiet_round: str = ""
    #: the start post's line when the game opens in the expansion's round
    start_text: StateTextHook = _no_state_text
    #: "Before" an Age's first turn, as the expansion names it ("Recruitment before")
    before_age: StateTextHook = _no_state_text
    #: what tells the expansion's rounds apart when age, turn and phase don't
    round_key: Callable[[State], tuple[object, ...]] = _no_key
    #: event kind -> its line on the reveal post (the answer is final, None included)
    event_texts: Mapping[str, EventHook] = field(default_factory=dict)
    #: a line for a seat's own public event, after the base game's builds and discards
    seat_event: SeatEventHook = _no_seat_event
    #: phase -> what the reveal's title adds for a round of it (", Edifice joins")
    reveal_names: Mapping[str, str] = field(default_factory=dict)
