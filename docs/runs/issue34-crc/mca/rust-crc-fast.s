.intel_syntax noprefix
.Lloop:
cmp    rdi,r14
jae .Lexit
lea    rax,[rdi+0x1]
cmp    rax,r14
jae .Lexit
vpclmullqlqdq zmm5,zmm3,zmm4
vpclmullqlqdq zmm6,zmm1,zmm4
vpclmullqlqdq zmm7,zmm2,zmm4
vpclmullqlqdq zmm8,zmm0,zmm4
vpclmulhqhqdq zmm3,zmm3,zmm4
vpclmulhqhqdq zmm1,zmm1,zmm4
vpclmulhqhqdq zmm2,zmm2,zmm4
vpclmulhqhqdq zmm0,zmm0,zmm4
add    rdi,0x2
vpternlogq zmm3,zmm5,ZMMWORD PTR [rdx-0xc0],0x96
vpternlogq zmm1,zmm6,ZMMWORD PTR [rdx-0x80],0x96
vpternlogq zmm2,zmm7,ZMMWORD PTR [rdx-0x40],0x96
vpternlogq zmm0,zmm8,ZMMWORD PTR [rdx],0x96
add    rdx,0x100
dec    rcx
jne .Lloop
.Lexit:
