/** The client side of the command registry: how commands run interactively in the console. */
export { clientHandler, registerClientHandler, type ClientHandler } from './clientHandlers';
export { useCommandUi, commandUi, type CommandUi, type CommandUiContext } from './uiOverrides';
export {
  selectionStore, setCurrentScreen, setSelection, clearSelection, selectionFor, useScreenSelection, useSelection, type Row,
} from './selection';
export {
  COMMAND_DONE_EVENT, callApi, commandTitle, confirmCommand, executeCommand, openCommandForm, reportCommandError, runInteractive,
  type CommandDoneDetail, type ExecuteOptions, type InteractiveOptions,
} from './runInteractive';
export { useCommandDone } from './useCommandDone';
export { paramChoices, registerParamChoices, useParamChoices } from './paramChoices';
