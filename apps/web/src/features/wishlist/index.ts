export { useToggleWishlist, useWishlist, wishlistQuery } from './api/wishlist';
export { WishlistButton } from './components/WishlistButton';
