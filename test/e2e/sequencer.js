// Runs the e2e files in a fixed order: headless CLI runs first, the started instance and
// queue mode next, the browser check last.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = ['operations', 'examples', 'instance', 'queue', 'editor'];
const rank = (path) => {
	const i = ORDER.findIndex((name) => path.includes(`${name}.e2e.test`));
	return i < 0 ? ORDER.length : i;
};

class E2eSequencer extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
	}
}

module.exports = E2eSequencer;
