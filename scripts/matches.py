"""What the match scripts share: one game between two UCI engines, and the statistics of a
match (a score's Elo, its 95% range and the SPRT's log-likelihood ratio, all in the normal
approximation of the trinomial (win, draw, loss) that `nadare match` uses too)."""

import math

import chess


def play_game(first, second, first_white, limit, board, game=None):
    """Plays `board` to its end (a draw after move 200), `first` White when `first_white`;
    gives `first`'s points. `game` is python-chess's game token: a new one per game makes
    it send `ucinewgame`."""
    while not board.is_game_over(claim_draw=True) and board.fullmove_number < 200:
        first_to_move = (board.turn == chess.WHITE) == first_white
        engine = first if first_to_move else second
        board.push(engine.play(board, limit, game=game).move)
    result = match_result(board)
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == first_white else 0.0


def match_result(board):
    """The result of a game played by `play_game`: a claimable draw, or a game stopped at
    move 200, is a draw."""
    result = board.result(claim_draw=True)
    return "1/2-1/2" if result == "*" else result


def elo(score: float) -> float:
    """The Elo difference a score (0 to 1) means."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def variance(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """The mean score of the games and the variance of one game's points."""
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    return score, var


def summary(wins: int, draws: int, losses: int) -> tuple[float, float, float, float]:
    """The score, the Elo it gives and that Elo's 95% range."""
    score, var = variance(wins, draws, losses)
    spread = 1.96 * math.sqrt(var / (wins + draws + losses))
    low, high = elo(max(score - spread, 0.0)), elo(min(score + spread, 1.0))
    return score, elo(score), low, high


def llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The SPRT's log-likelihood ratio of ELO1 against ELO0 after these games."""
    if wins + draws + losses == 0:
        return 0.0
    score, var = variance(wins, draws, losses)
    if var <= 0.0:
        return 0.0
    s0 = 1.0 / (1.0 + 10 ** (-elo0 / 400.0))
    s1 = 1.0 / (1.0 + 10 ** (-elo1 / 400.0))
    return (s1 - s0) * (2 * score - s0 - s1) * (wins + draws + losses) / (2 * var)
