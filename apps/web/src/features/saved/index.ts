/** Favourites and saved searches as other features and root.tsx see them. */
export { FavouriteButton } from './favourite-button';
export { FavouritesProvider } from './favourites-provider';
export { SaveSearch } from './save-search';
export { NotifyMe } from './notify-me';
