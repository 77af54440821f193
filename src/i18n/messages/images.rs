//! Messages of `images.ftl`: the words drawn on the images (board, battle, hand, card, replay captions): in the viewer's language for private images, the server's for public ones.

messages! {}
