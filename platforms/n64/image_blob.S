/* The n32 image's bytes inside the program (n64_builds.c copies them). */
    .section .rodata.n64_image, "a"
    .balign 16
    .global n64_image_blob, n64_image_blob_end
n64_image_blob:
    .incbin N64_IMAGE_BIN
n64_image_blob_end:
