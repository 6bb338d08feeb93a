"""Hex board geometry: cells, edges, neighbours and rays."""

import pytest

from game.hexgrid import DIRECTIONS, add, board, direction_between, distance, edge, line, path_edges


@pytest.mark.parametrize("size", range(2, 9))
def test_cell_count_follows_centred_hexagonal_numbers(size):
    assert len(board(size)) == 3 * size * (size - 1) + 1


def test_default_board_has_37_cells_and_90_edges():
    hexes = board(4)
    assert len(hexes.cells) == 37
    assert len(hexes.edges) == 90


@pytest.mark.parametrize("size", range(2, 9))
def test_edges_are_exactly_the_neighbouring_pairs(size):
    hexes = board(size)
    pairs = {edge(a, b) for a in hexes for b in hexes if distance(a, b) == 1}
    assert set(hexes.edges) == pairs
    assert all(a < b for a, b in hexes.edges)


def test_neighbours_of_centre_corner_and_side():
    hexes = board(4)
    assert hexes.neighbours((0, 0)) == tuple(add((0, 0), d) for d in DIRECTIONS)
    assert len(hexes.neighbours((3, 0))) == 3  # a corner
    assert len(hexes.neighbours((3, -1))) == 4  # a side cell


def test_rays_run_to_the_rim_in_order():
    hexes = board(4)
    assert hexes.ray((0, 0), (1, 0)) == ((1, 0), (2, 0), (3, 0))
    assert hexes.ray((3, 0), (1, 0)) == ()
    assert hexes.ray((-3, 3), (1, -1)) == ((-2, 2), (-1, 1), (0, 0), (1, -1), (2, -2), (3, -3))


def test_lines_and_crossed_edges():
    assert line((0, 0), (0, 3)) == [(0, 1), (0, 2), (0, 3)]
    assert path_edges((0, 0), (2, -2)) == [edge((0, 0), (1, -1)), edge((1, -1), (2, -2))]
    assert direction_between((0, 0), (1, 1)) is None
    with pytest.raises(ValueError):
        line((0, 0), (2, 1))


def test_edge_is_canonical():
    assert edge((1, 0), (0, 0)) == edge((0, 0), (1, 0)) == ((0, 0), (1, 0))


@pytest.mark.parametrize("bad", [1, 9, 0, "4", 4.0])
def test_board_rejects_bad_sizes(bad):
    with pytest.raises(ValueError):
        board(bad)
