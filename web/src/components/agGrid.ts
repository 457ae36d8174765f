import { AG_GRID_LOCALE_DE } from '@ag-grid-community/locale';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  LocaleModule,
  type Module,
  ModuleRegistry,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  themeQuartz,
  ValidationModule,
} from 'ag-grid-community';

/**
 * The ag-grid setup of every table: only the community modules the app's grids use (not
 * AllCommunityModule, which would put every feature of ag-grid into the bundle), German texts of
 * `@ag-grid-community/locale`, and the app's font and colours on the Quartz theme (Theming API,
 * no CSS files). Import from here instead of registering modules per feature; a grid that needs a
 * further feature adds its module to its list below.
 */

/** What every grid of the app uses: rows from `rowData` (with client-side sorting), checkbox selection, German texts. */
const SHARED_MODULES: Module[] = [ClientSideRowModelModule, RowSelectionModule, LocaleModule];

/** The order grid (features/orders/OrdersGrid): popup cell editors, cell and row class rules, getColumnState, ensureIndexVisible. */
export const ORDER_GRID_MODULES: Module[] = [
  ...SHARED_MODULES,
  CustomEditorModule,
  CellStyleModule,
  RowStyleModule,
  ColumnApiModule,
  ScrollApiModule,
];

/** The vehicle table of the Fuhrpark (features/fleet/VehicleTable): forEachNode, refreshCells. */
export const VEHICLE_GRID_MODULES: Module[] = [...SHARED_MODULES, RowApiModule, RenderApiModule];

// The development server and the tests name a missing module or a wrong option in the console; the
// production build leaves the validation out (import.meta.env.DEV is false there).
ModuleRegistry.registerModules([...ORDER_GRID_MODULES, ...VEHICLE_GRID_MODULES, ...(import.meta.env.DEV ? [ValidationModule] : [])]);

export const gridLocaleText = AG_GRID_LOCALE_DE;

export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 12,
  headerFontWeight: 600,
  headerTextColor: '#5b6676',
  headerBackgroundColor: '#f8fafc',
  foregroundColor: '#1b2430',
  accentColor: '#1f56c2',
  borderColor: '#dde2ea',
  rowBorder: { color: '#edf0f4' },
  wrapperBorder: false,
  wrapperBorderRadius: 0,
  rowHoverColor: '#f6f9ff',
  selectedRowBackgroundColor: '#e7eefb',
  cellHorizontalPadding: 12,
  headerHeight: 40,
  browserColorScheme: 'light',
});
