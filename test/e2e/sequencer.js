// Runs the e2e files in a fixed order: headless CLI runs first, the started instance and
// queue mode next, the browser check last.
const Sequencer = require('@jest/test-sequencer').default;

// Files not named here run first, in alphabetical order.
const LAST = ['instance', 'queue', 'editor', 'editorPolish', 'editorClickEvents', 'communityPanel'];
const rank = (path) => LAST.findIndex((name) => path.includes(`${name}.e2e.test`)) + 1;

class E2eSequencer extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
	}
}

module.exports = E2eSequencer;
