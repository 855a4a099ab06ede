.intel_syntax noprefix
.Lloop:
vpclmulhqhqdq zmm5,zmm0,zmm1
sub    rdi,0x10
add    rax,0x100
vpclmullqlqdq zmm0,zmm0,zmm1
vpternlogq zmm0,zmm5,ZMMWORD PTR [rax-0x100],0x96
vpclmulhqhqdq zmm5,zmm2,zmm1
vpclmullqlqdq zmm2,zmm2,zmm1
vpternlogq zmm2,zmm5,ZMMWORD PTR [rax-0xc0],0x96
vpclmulhqhqdq zmm5,zmm3,zmm1
vpclmullqlqdq zmm3,zmm3,zmm1
vpternlogq zmm3,zmm5,ZMMWORD PTR [rax-0x80],0x96
vpclmulhqhqdq zmm5,zmm4,zmm1
vpclmullqlqdq zmm4,zmm4,zmm1
vpternlogq zmm4,zmm5,ZMMWORD PTR [rax-0x40],0x96
cmp    rdi,0xf
ja .Lloop
