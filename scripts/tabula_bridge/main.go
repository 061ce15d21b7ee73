// Command tabula-bridge serves tabula, the engine behind bgammon.org's bot, to
// scripts/tabula_duel.py: one JSON request per line on stdin, one JSON answer
// per line on stdout.
//
//	{"cmd": "move", "board": [35 numbers], "dice": [a, b]}
//	  -> {"moves": [[from, to], ...], "board": [35 numbers]}
//	{"cmd": "choose", "board": [35 numbers]}
//	  -> {"double": d}
//
// A board is tabula's own 35-space array with the side to play as its player 1
// (the driver converts acey's positions). "move" asks what bgammon.org's bot
// asks tabula over BEI: the best of its analysis (tabula's Analyze, one ply of
// the opponent's replies), played on the board, whose dice spaces are then
// cleared. "choose" is the double tabula names after an acey-deucey 1-2
// (ChooseDoubles). A request tabula cannot serve is answered with "error".
//
// Build: scripts/tabula_bridge/build.sh TABULA_SOURCE_DIR (see its header).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"code.rocket9labs.com/tslocum/tabula"
)

type request struct {
	Cmd   string `json:"cmd"`
	Board []int  `json:"board"`
	Dice  []int  `json:"dice"`
}

type reply struct {
	Moves  [][2]int `json:"moves"`
	Board  []int    `json:"board,omitempty"`
	Double int      `json:"double,omitempty"`
	Error  string   `json:"error,omitempty"`
}

func readBoard(values []int) (tabula.Board, error) {
	var b tabula.Board
	if len(values) != len(b) {
		return b, fmt.Errorf("'board' must have %d numbers, not %d", len(b), len(values))
	}
	for i, v := range values {
		if v < -15 || v > 15 {
			return b, fmt.Errorf("board space %d holds %d: out of range", i, v)
		}
		b[i] = int8(v)
	}
	return b, nil
}

func boardValues(b tabula.Board) []int {
	out := make([]int, len(b))
	for i, v := range b {
		out[i] = int(v)
	}
	return out
}

// serve answers one request. tabula reports an impossible move with a panic,
// so one is turned into an error answer and the bridge reads on.
func serve(req request, analysis *[]*tabula.Analysis) (rep reply) {
	defer func() {
		if r := recover(); r != nil {
			rep = reply{Error: fmt.Sprint("tabula failed: ", r)}
		}
	}()
	b, err := readBoard(req.Board)
	if err != nil {
		return reply{Error: err.Error()}
	}
	switch req.Cmd {
	case "move":
		if len(req.Dice) != 2 || req.Dice[0] < 1 || req.Dice[0] > 6 || req.Dice[1] < 1 || req.Dice[1] > 6 {
			return reply{Error: "'dice' must be two numbers from 1 to 6"}
		}
		b[tabula.SpaceRoll1], b[tabula.SpaceRoll2] = int8(req.Dice[0]), int8(req.Dice[1])
		b[tabula.SpaceRoll3], b[tabula.SpaceRoll4] = 0, 0
		if req.Dice[0] == req.Dice[1] {
			b[tabula.SpaceRoll3], b[tabula.SpaceRoll4] = int8(req.Dice[0]), int8(req.Dice[1])
		}
		available, _ := b.Available(1)
		b.Analyze(available, analysis, false)
		rep.Moves = [][2]int{}
		if len(*analysis) > 0 {
			for _, m := range (*analysis)[0].Moves {
				if m[0] == 0 && m[1] == 0 {
					break
				}
				b = b.UseRoll(m[0], m[1], 1).Move(m[0], m[1], 1)
				rep.Moves = append(rep.Moves, [2]int{int(m[0]), int(m[1])})
			}
		}
		b[tabula.SpaceRoll1], b[tabula.SpaceRoll2] = 0, 0
		b[tabula.SpaceRoll3], b[tabula.SpaceRoll4] = 0, 0
		rep.Board = boardValues(b)
		return rep
	case "choose":
		return reply{Double: b.ChooseDoubles(analysis)}
	default:
		return reply{Error: fmt.Sprintf("unknown command %q: use move or choose", req.Cmd)}
	}
}

func main() {
	analysis := make([]*tabula.Analysis, 0, tabula.AnalysisBufferSize)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64*1024), 1024*1024)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var req request
		var rep reply
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			rep = reply{Error: "invalid JSON: " + err.Error()}
		} else {
			rep = serve(req, &analysis)
		}
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(os.Stderr, "tabula-bridge:", err)
			os.Exit(1)
		}
		if err := out.Flush(); err != nil {
			os.Exit(1)
		}
	}
}
