import { writeStockPictures } from './src/server/seed/assets';
writeStockPictures('/tmp/seeddev/pics');
