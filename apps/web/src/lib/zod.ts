import { z } from 'zod';

// Zod probes `new Function` as each object schema is made, to compile a faster parser. The
// Content-Security-Policy allows no eval, and Chrome reports the probe as a violation even
// though Zod catches it. Every module of the web app takes `z` from here (ESLint holds it to
// that), so this runs before any schema is made, whichever chunk the bundler puts it in
// (package.json lists this file under sideEffects: the bundler would drop the call otherwise).
z.config({ jitless: true });

export { z };
