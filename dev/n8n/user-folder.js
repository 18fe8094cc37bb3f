'use strict';
// A fresh n8n user folder with the packed community package installed the way n8n's
// Community Nodes installer lays it out:
//   <userFolder>/.n8n/nodes/package.json                          { dependencies: { name: version } }
//   <userFolder>/.n8n/nodes/node_modules/<name>/{package.json,dist/...}
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

/**
 * A user folder in the OS temp dir. With E2E_USER_FOLDER_TEMPLATE set (test/e2e/global-setup.ts
 * sets it to a folder whose database n8n has created), it starts as a copy of that folder's
 * `.n8n`, which saves each folder n8n's migrations (~3.5 s).
 */
function makeUserFolder(prefix = 'n8n-link-shortener-') {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	const template = process.env.E2E_USER_FOLDER_TEMPLATE;
	if (template && fs.existsSync(path.join(template, '.n8n', 'database.sqlite'))) {
		fs.cpSync(path.join(template, '.n8n'), path.join(dir, '.n8n'), { recursive: true });
	} else {
		fs.mkdirSync(path.join(dir, '.n8n'), { recursive: true });
	}
	return dir;
}

/** Reads package.json out of a packed tarball without extracting it. */
function readTarballManifest(tarball) {
	const text = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
		encoding: 'utf8',
	});
	return JSON.parse(text);
}

/**
 * Extracts an `npm pack` tarball into <userFolder>/.n8n/nodes/node_modules/<name> and records
 * it in <userFolder>/.n8n/nodes/package.json. Returns { name, version, dir }.
 */
function installPackage(userFolder, tarball) {
	if (!fs.existsSync(tarball)) throw new Error(`tarball not found: ${tarball}`);
	const manifest = readTarballManifest(tarball);
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const dir = path.join(nodesDir, 'node_modules', manifest.name);
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	execFileSync('tar', ['-xzf', path.resolve(tarball), '-C', dir, '--strip-components=1']);

	const pkgFile = path.join(nodesDir, 'package.json');
	let nodesPkg = { name: 'installed-nodes', private: true, dependencies: {} };
	if (fs.existsSync(pkgFile)) nodesPkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
	nodesPkg.dependencies = { ...(nodesPkg.dependencies || {}), [manifest.name]: manifest.version };
	fs.writeFileSync(pkgFile, JSON.stringify(nodesPkg, null, 2));

	// Sanity: every file package.json's n8n section points at must be in the tarball.
	const declared = [
		...((manifest.n8n && manifest.n8n.nodes) || []),
		...((manifest.n8n && manifest.n8n.credentials) || []),
	];
	const missing = declared.filter((rel) => !fs.existsSync(path.join(dir, rel)));
	if (missing.length) {
		throw new Error(
			`the packed ${manifest.name} lacks files its package.json declares: ${missing.join(', ')}`,
		);
	}
	return { name: manifest.name, version: manifest.version, dir, manifest };
}

/** Deletes a folder, but only one under the OS temp dir (user folders, pack folders). */
function removeTempDir(dir) {
	if (dir && path.resolve(dir).startsWith(os.tmpdir() + path.sep))
		fs.rmSync(dir, { recursive: true, force: true });
}
const removeUserFolder = removeTempDir;

module.exports = {
	makeUserFolder,
	installPackage,
	readTarballManifest,
	removeUserFolder,
	removeTempDir,
};
