// Injected into the server's CommonJS bundle by build-server.mjs: what its sources' import.meta.url becomes
// (the bundle's own file; __filename is the one Node's CommonJS wrapper gives the bundle).
import { pathToFileURL } from 'node:url';

export const __bundleUrl = pathToFileURL(__filename).href;
