'use strict';
const net = require('net');

/** Resolves true when nothing listens on 127.0.0.1:port and we can bind it. */
function isPortFree(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
	});
}

/** A port the OS considers free right now. */
function getFreePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.once('error', reject);
		srv.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/** `preferred` if free, otherwise any free port. */
async function preferPort(preferred) {
	if (preferred && (await isPortFree(preferred))) return preferred;
	return getFreePort();
}

module.exports = { isPortFree, getFreePort, preferPort };
