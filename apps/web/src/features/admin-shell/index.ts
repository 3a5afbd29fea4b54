/** What the console's areas share: the page frame of an area. */
export { ConsolePage } from './console-page';
export { ConsoleDetail } from './console-detail';
export { consoleMeta, useConsoleTitle } from './console-title';
export { ConsoleSearch } from './console-search';
export { ConsoleTable } from './console-table';
export { QueryStatus } from './query-status';
export { useConsoleMutation } from './use-console-mutation';
export { useListParams } from './use-list-params';
