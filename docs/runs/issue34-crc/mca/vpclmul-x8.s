.intel_syntax noprefix
.Lloop:
vpclmulhqhqdq zmm9,zmm1,zmm0
sub    rdi,0x20
add    rax,0x200
vpclmullqlqdq zmm1,zmm1,zmm0
vpclmullqlqdq zmm8,zmm10,zmm0
vpclmullqlqdq zmm7,zmm11,zmm0
vpternlogq zmm1,zmm9,ZMMWORD PTR [rax-0x200],0x96
vpclmulhqhqdq zmm9,zmm2,zmm0
vpclmullqlqdq zmm2,zmm2,zmm0
vpternlogq zmm2,zmm9,ZMMWORD PTR [rax-0x1c0],0x96
vpclmulhqhqdq zmm9,zmm3,zmm0
vpclmullqlqdq zmm3,zmm3,zmm0
vpternlogq zmm3,zmm9,ZMMWORD PTR [rax-0x180],0x96
vpclmulhqhqdq zmm9,zmm4,zmm0
vpclmullqlqdq zmm4,zmm4,zmm0
vpternlogq zmm4,zmm9,ZMMWORD PTR [rax-0x140],0x96
vpclmulhqhqdq zmm9,zmm10,zmm0
vmovdqa64 zmm10,zmm8
vpclmulhqhqdq zmm8,zmm11,zmm0
vpternlogq zmm10,zmm9,ZMMWORD PTR [rax-0x100],0x96
vpternlogq zmm7,zmm8,ZMMWORD PTR [rax-0xc0],0x96
vmovdqa64 zmm11,zmm7
vpclmulhqhqdq zmm7,zmm5,zmm0
vpclmullqlqdq zmm5,zmm5,zmm0
vpternlogq zmm5,zmm7,ZMMWORD PTR [rax-0x80],0x96
vpclmulhqhqdq zmm7,zmm6,zmm0
vpclmullqlqdq zmm6,zmm6,zmm0
vpternlogq zmm6,zmm7,ZMMWORD PTR [rax-0x40],0x96
cmp    rdi,0x1f
ja .Lloop
