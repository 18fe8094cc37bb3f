'use strict';
// Build and `npm pack` the repo into a destination folder; returns the tarball's path.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const REPO = path.resolve(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function cleanNpmEnv() {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
	return env;
}

/**
 * @param {object} [o]
 * @param {string} [o.destDir]  where the .tgz goes (default: a new temp folder)
 * @param {boolean} [o.build]   run `npm run build` first (then pack with --ignore-scripts so
 *                              prepack does not build a second time)
 * @param {'inherit'|'pipe'} [o.stdio]
 */
function packPackage({ destDir, build = true, stdio = 'inherit' } = {}) {
	if (!destDir) destDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-link-shortener-pack-'));
	fs.mkdirSync(destDir, { recursive: true });
	const env = cleanNpmEnv();
	if (build) {
		execFileSync(npm, ['run', 'build'], { cwd: REPO, stdio, env });
	}
	const out = execFileSync(
		npm,
		['pack', '--json', '--ignore-scripts', '--pack-destination', destDir],
		{
			cwd: REPO,
			env,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', stdio === 'inherit' ? 'inherit' : 'pipe'],
		},
	);
	const info = JSON.parse(out.slice(out.indexOf('[')));
	const tarball = path.join(destDir, info[0].filename);
	if (!fs.existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
	return tarball;
}

/**
 * Builds and packs the package as it was at a git commit (an earlier release), with this
 * checkout's node_modules: `git archive` of the commit into a temp folder, its own build script,
 * `npm pack`. Returns the tarball's path; the temp folder is the tarball's folder.
 * @param {string} commit
 * @param {{ stdio?: 'inherit'|'pipe' }} [o]
 */
function packCommit(commit, { stdio = 'pipe' } = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-link-shortener-release-'));
	const source = path.join(dir, 'source');
	fs.mkdirSync(source);
	const archive = execFileSync('git', ['archive', '--format=tar', commit], {
		cwd: REPO,
		maxBuffer: 1 << 30,
	});
	execFileSync('tar', ['-x', '-C', source], { input: archive });
	fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(source, 'node_modules'), 'dir');
	const env = cleanNpmEnv();
	execFileSync(npm, ['run', 'build'], { cwd: source, stdio, env });
	const out = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
		cwd: source,
		env,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const info = JSON.parse(out.slice(out.indexOf('[')));
	fs.rmSync(source, { recursive: true, force: true });
	return path.join(dir, info[0].filename);
}

module.exports = { packCommit, packPackage, REPO };
