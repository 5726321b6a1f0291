import { useEffect } from 'react';

/** The product's name, after the screen's in every tab title. */
export const PRODUCT_NAME = 'Events Back-office';

/** Sets the tab title to "‹screen› · Events Back-office" while the screen is shown. */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    document.title = screen ? `${screen} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [screen]);
}
