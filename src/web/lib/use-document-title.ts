import { useEffect } from 'react';
import { shopInfo } from './shop-info';

export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    const shop = shopInfo().name;
    document.title = title ? `${title} · ${shop}` : `${shop} · Industrial tools and compressors`;
  }, [title]);
}
