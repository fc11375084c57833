//! The explorer page's data: one entry per solved position as the page reads it, the DP
//! table only for the interval games, and texts that cannot close the page's script element.

use gamelab::analysis::solve_space;
use gamelab::games::stone_game::StoneGame;
use gamelab::games::stone_game_iii::StoneGameIII;
use gamelab::present::explore::{Board, PageMeta, is_interval_game, page_data};

#[test]
fn only_the_interval_games_get_a_table() {
    let row = vec![4, 6, 2, 3, 5];
    let stone = solve_space(&StoneGame::new(row.clone()).unwrap(), 100).unwrap();
    let third = solve_space(&StoneGameIII::new(row).unwrap(), 100).unwrap();
    assert!(is_interval_game(&stone));
    assert!(!is_interval_game(&third));
}

#[test]
fn page_data_is_json_with_one_entry_per_position() {
    let space = solve_space(&StoneGame::new(vec![4, 6, 2, 3]).unwrap(), 100).unwrap();
    let meta = PageMeta {
        game: "stone-game",
        title: "",
        rules: "",
        instance: "[4, 6, 2, 3]",
        board: Board::Piles,
    };
    let data: serde_json::Value = serde_json::from_str(&page_data(&meta, &space)).unwrap();
    let positions = &data["positions"];
    assert_eq!(
        positions["margin"].as_array().unwrap().len(),
        space.positions.len()
    );
    assert_eq!(positions["margin"][0], 3);
    assert_eq!(positions["to_move"][0], 0);
    assert_eq!(positions["piles"][0], serde_json::json!([0, 4]));
    assert!(positions.get("label").is_none() && positions.get("grundy").is_none());
    // A stone game's position is its piles: nothing beside them.
    assert!(positions.get("beyond_piles").is_none());
    let moves: u64 = positions["move_count"]
        .as_array()
        .unwrap()
        .iter()
        .map(|count| count.as_u64().unwrap())
        .sum();
    assert_eq!(
        data["moves"]["child"].as_array().unwrap().len(),
        moves as usize
    );
    assert_eq!(data["moves"]["optimal"][0], 1);
    assert_eq!(data["row"], serde_json::json!([4, 6, 2, 3]));
    assert_eq!(data["board"], "piles");
    assert_eq!(data["interval"], true);
}

#[test]
fn page_data_keeps_texts_from_closing_the_script_element() {
    let space = solve_space(&StoneGame::new(vec![1, 2]).unwrap(), 100).unwrap();
    let meta = PageMeta {
        game: "stone-game",
        title: "</script><b>a & b</b>",
        rules: "",
        instance: "",
        board: Board::Piles,
    };
    let json = page_data(&meta, &space);
    assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
    let data: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(data["title"], "</script><b>a & b</b>");
}

#[test]
fn stone_game_ii_positions_carry_m_beside_their_piles() {
    let game = gamelab::games::stone_game_ii::StoneGameII::new(vec![1, 2, 3, 4]).unwrap();
    let space = solve_space(&game, 100).unwrap();
    let meta = PageMeta {
        game: "stone-game-ii",
        title: "",
        rules: "",
        instance: "[1, 2, 3, 4]",
        board: Board::Piles,
    };
    let data: serde_json::Value = serde_json::from_str(&page_data(&meta, &space)).unwrap();
    let beyond = data["positions"]["beyond_piles"].as_array().unwrap();
    assert_eq!(beyond.len(), space.positions.len());
    for (position, text) in space.positions.iter().zip(beyond) {
        // The text is what the position's own text says after its piles, and nothing once
        // no pile is left.
        match position.label.split_once("] ") {
            Some((_, limit)) => assert_eq!(text, limit, "{}", position.label),
            None => assert!(text.is_null(), "{}", position.label),
        }
    }
    assert_eq!(beyond[0], "M=1");
}
