#!/usr/bin/env node
// Records play sessions of PuzzleScript Next (PSN) games from PSN's own
// engine, running headless in node, for our conformance runner.
//
//   node scripts/record-psn.js PSN_CHECKOUT OUT.json [--turns N] [--maps N] [--dirs plus,test] [--commit C]
//
// PSN_CHECKOUT is a checkout of github:david-pfx/PuzzleScriptNext (we
// recorded at 3b7dd97; --commit names it when the checkout has no .git).
// The games are the .txt files of its src/demo/DIR/
// folders for each DIR of --dirs (default plus,test). Its src/demo/next/,
// patt/ and other/ folders are deliberately not recorded: they are kept for
// an independent check of the engine.
//
// For each game and each of its first --maps maps (default 3), one walk of
// --turns inputs (default 40) is drawn from a generator seeded by the game's
// file name and the entry, so a run of the script is repeatable. A game that
// takes mouse input gets clicks on random cells of the level on the screen
// as well as keys (none when it says `nokeyboard`). After each input the
// pending `again` turns are drained, as in every conformance file.
//
// Output: a JSON array, one case per line, in the format of
// ../shared/conformance/README.md (simulation.json), with two additions
// (docs/testing.md): a case carries `psn_commit` and `file`, and `inputs` may
// hold mouse events as strings "EVENT X Y" (see mouseEvent below).
'use strict';
const fs = require('fs');
const path = require('path');
const { quiet, installBrowser, runEngine, walkRng } = require('./support/headless');
const { execFileSync } = require('child_process');

const [psnDir, outFile, ...rest] = process.argv.slice(2);
if (!psnDir || !outFile) {
    console.error('usage: record-psn.js PSN_CHECKOUT OUT.json [--turns N] [--maps N] [--dirs plus,test]');
    process.exit(2);
}
function option(name, fallback) {
    const i = rest.indexOf(name);
    return i >= 0 && i + 1 < rest.length ? rest[i + 1] : fallback;
}
const turns = Number(option('--turns', '40'));
const maps = Number(option('--maps', '3'));
const dirs = option('--dirs', 'plus,test').split(',');
for (const d of dirs) {
    if (['next', 'patt', 'other'].includes(d)) {
        console.error(`src/demo/${d}/ is kept out of the recordings (held out for an independent check)`);
        process.exit(2);
    }
}
let commit = option('--commit', 'unknown');
if (commit === 'unknown') try {
    commit = execFileSync('git', ['-C', psnDir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
} catch (e) {
    // A copy without git: the commit stays unknown and the output says so.
}

// PSN's engine needs a little more of a browser than the original's.
installBrowser('record://', {
    FontFace: class { load() { return { then: () => ({ catch: quiet }) }; } },
    CustomEvent: class { constructor(type, init) { this.type = type; this.detail = init && init.detail; } },
    regenText: quiet, tryLoadImages: quiet,
});
Object.assign(global.document, { dispatchEvent: () => true, fonts: { add: quiet } });
// PSN's engine logs its own debugging to the console; ours goes to stderr.
const say = (line) => process.stderr.write(line + '\n');
console.log = quiet;
console.info = quiet;
// The scripts PSN's own test page loads, in its order.
const files = ['storagewrapper', 'globalVariables', 'debug', 'font', 'rng', 'riffwave', 'sfxr',
    'codemirror/stringstream', 'colors', 'engine', 'parser', 'compiler', 'soundbar'];
// The tween easing tables the compiler checks names against live in the
// drawing code (graphics.js), which needs a canvas: take the two tables alone.
const graphics = fs.readFileSync(path.join(psnDir, 'src/js/graphics.js'), 'utf8');
const tables = graphics.slice(graphics.indexOf('EasingFunctions = {'));
const easing = tables.slice(0, tables.indexOf('}', tables.indexOf('easingAliases = {')) + 1);
const psn = runEngine(psnDir, files, easing, '{ compile, processInput, DoUndo, DoRestart, '
    + 'convertLevelToString, get againing() { return againing; }, set againing(v) { againing = v; }, '
    + 'get state() { return state; }, get curLevel() { return curLevel; }, '
    + 'get errorCount() { return errorCount; }, get soundHistory() { return soundHistory; }, '
    + 'set soundHistory(v) { soundHistory = v; }, backupLevel, '
    + 'get winning() { return winning; }, get curLevelNo() { return curLevelNo; }, '
    + 'get textMode() { return textMode; }, '
    + 'set unitTesting(v) { unitTesting = v; } }', 'psn.js');

// The mouse events a game listens for: its prelude words, as PSN reads them,
// with the object id PSN drops at the cell (-1 and -2 for PSN's lclick and
// rclick, which move instead of dropping).
function mouseEvents(state) {
    const m = state.metadata;
    const events = [];
    const dropping = [['mouse_left', 'lmbID', 'press'], ['mouse_right', 'rmbID', 'rpress'],
        ['mouse_drag', 'dragID', 'drag'], ['mouse_rdrag', 'rdragID', 'rdrag'],
        ['mouse_up', 'lmbupID', 'release'], ['mouse_rup', 'rmbupID', 'rrelease']];
    for (const [word, idKey, event] of dropping) {
        if (word in m && state[idKey] !== null && state[idKey] !== undefined) events.push({ event, id: state[idKey] });
    }
    if (m.mouse_clicks) {
        if (!('mouse_left' in m)) events.push({ event: 'press', id: -1 });
        if (!('mouse_right' in m)) events.push({ event: 'rpress', id: -2 });
    }
    return events;
}

// How a mouse event is written in a case's inputs: the event and the cell
// (column and row from 0, the level's top left), e.g. "press 3 4".
function mouseEvent(event, x, y) {
    return `${event} ${x} ${y}`;
}

// One mouse event, as PSN's page hands it to the engine: a dropped object
// and a turn with the mouse input, or a click movement on the cell.
function sendMouse(id, x, y) {
    const level = psn.curLevel;
    const coord = y + x * level.height;
    if (id >= 0) {
        const bak = psn.backupLevel();
        const cell = level.getCell(coord);
        cell.ibitset(id);
        level.setCell(coord, cell);
        psn.processInput(5, false, false, bak);
    } else {
        psn.processInput(id === -1 ? 6 : 7, false, false, undefined, coord);
    }
}

function drain() {
    let n = 0;
    while (psn.againing && n < 500) {
        psn.againing = false;
        psn.processInput(-1);
        n += 1;
    }
}

const cases = [];
let skipped = 0;
for (const dir of dirs) {
    const folder = path.join(psnDir, 'src/demo', dir);
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.txt')).sort()) {
        const source = fs.readFileSync(path.join(folder, file), 'utf8');
        psn.unitTesting = true;
        let entries;
        try {
            // A compile that stops on an exception returns nothing and leaves
            // the game before it loaded (its error count stays 0): skipped.
            if (!psn.compile(['restart'], source, null)) throw new Error('its compiler stopped');
            if (psn.errorCount > 0 || !psn.state || !psn.state.levels) throw new Error(`${psn.errorCount} errors`);
            // Maps only: PSN's level list also holds messages and `goto`
            // entries (the latter carry a `target`).
            const isMap = (l) => l.message === undefined && l.target === undefined;
            entries = psn.state.levels.map((l, i) => (isMap(l) ? i : -1)).filter((i) => i >= 0);
        } catch (e) {
            say(`${dir}/${file}: skipped, it does not compile in PSN (${e.message || e})`);
            skipped += 1;
            continue;
        }
        for (const entry of entries.slice(0, maps)) {
            const name = `${dir}/${file}:${entry}`;
            const next = walkRng(name);
            const seed = `psn-record:${name}`;
            try {
                if (!psn.compile(['loadLevel', entry], source, seed)) throw new Error('its compiler stopped');
                psn.soundHistory = [];
                drain();
                const events = mouseEvents(psn.state);
                const keys = !('nokeyboard' in psn.state.metadata);
                const realtime = 'realtime_interval' in psn.state.metadata;
                const inputs = [];
                for (let t = 0; t < turns; t++) {
                    // The walk ends when its level is left (won, or a goto):
                    // on a message or another screen, a page takes keys as
                    // "close the message", not as turns.
                    if (psn.curLevelNo !== entry || psn.textMode) break;
                    const r = next();
                    const level = psn.curLevel;
                    let input;
                    if (r % 100 < 3) input = 'restart';
                    else if (r % 100 < 10) input = 'undo';
                    else if (realtime && r % 100 < 20) input = 'tick';
                    else if (events.length > 0 && (!keys || r % 100 >= 55)) {
                        const e = events[next() % events.length];
                        const x = next() % level.width;
                        const y = next() % level.height;
                        input = { text: mouseEvent(e.event, x, y), id: e.id, x, y };
                    } else if (keys) input = r % 5;
                    else input = 'tick';
                    if (input === 'undo') psn.DoUndo(false, true);
                    else if (input === 'restart') psn.DoRestart();
                    else if (input === 'tick') psn.processInput(-1);
                    else if (typeof input === 'object') sendMouse(input.id, input.x, input.y);
                    else psn.processInput(input);
                    drain();
                    inputs.push(typeof input === 'object' ? input.text : input);
                }
                const title = psn.state.metadata.title || file;
                cases.push({
                    name: `${title} (${dir}/${file}, entry ${entry})`, source, inputs,
                    expected: psn.convertLevelToString(), level: entry, seed,
                    sounds: psn.soundHistory.map(String), file: `src/demo/${dir}/${file}`, psn_commit: commit,
                });
            } catch (e) {
                say(`${name}: skipped, PSN's engine stopped on it (${e.message || e})`);
                skipped += 1;
            }
        }
    }
}
fs.writeFileSync(outFile, '[\n' + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]\n');
say(`${cases.length} cases written to ${outFile} (PSN ${commit}); ${skipped} skipped`);
