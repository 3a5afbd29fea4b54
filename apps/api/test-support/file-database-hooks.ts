import { afterAll } from 'vitest';
import { dropFileDatabase } from './test-app';

// A setup file: runs before every API test file, even in a worker that keeps its modules.
afterAll(dropFileDatabase);
